import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { Toaster } from "./components/layout/toaster";
import styles from "./tailwind.css";
import { takeToast } from "./services/session.server";
import { useNonce } from "./utils/nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Senior Placement" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, setCookie } = await takeToast(request);
  return json({ toast }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <Document>
      <Outlet />
      <Toaster toasts={[toast]} />
    </Document>
  );
}

export function ErrorBoundary() {
  return (
    <Document>
      <div className="p-6">
        <GeneralErrorBoundary />
      </div>
    </Document>
  );
}
