import { redirect } from "@remix-run/node";

// Unknown paths go to the dashboard (which sends visitors on to /login).
export const loader = () => redirect("/dashboard");
export const action = () => redirect("/dashboard");
