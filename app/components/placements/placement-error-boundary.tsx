import { GeneralErrorBoundary } from "../error-boundary";

/** The error panel of a placement's pages: spec 001 §2's message and its way back. */
export function PlacementErrorBoundary() {
  return (
    <GeneralErrorBoundary
      message="Failed to load placement details."
      notFoundMessage="Failed to load placement details."
      backTo="/placements"
      backLabel="← Back to Placements"
    />
  );
}
