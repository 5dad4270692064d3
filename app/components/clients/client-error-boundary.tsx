import { GeneralErrorBoundary } from "../error-boundary";

/** The error panel of a client's pages (detail, edit): spec 001 §8's message and a way back. */
export function ClientErrorBoundary() {
  return (
    <GeneralErrorBoundary
      message="Failed to load client details. Please try again."
      notFoundMessage="This client does not exist or was removed."
      backTo="/clients"
      backLabel="Back to Clients"
    />
  );
}
