import { GeneralErrorBoundary } from "../error-boundary";

/** The error panel of a facility's pages: spec 001 §8's messages and a way back. */
export function FacilityErrorBoundary() {
  return (
    <GeneralErrorBoundary
      message="Failed to load facility details. Please try again."
      notFoundMessage="Facility not found."
      backTo="/facilities"
      backLabel="Back to Facilities"
    />
  );
}
