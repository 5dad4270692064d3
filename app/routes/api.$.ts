import { apiError } from "~/services/api.server";

// Any /api path without its own route: a JSON 404, whatever the method.
const notFound = () => apiError(404, "Not found");
export const loader = notFound;
export const action = notFound;
