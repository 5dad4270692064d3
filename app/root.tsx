import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { OfflineGuard } from "./components/layout/offline-guard";
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
  // Marks the page as taken over by its scripts (they load after the first paint); browser
  // tests wait for it before acting as a user of the scripted page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        {/* First on every page: keyboard users jump past the navigation to the page's <main id="main">. */}
        <a href="#main" className="skip-link">
          Skip to content
        </a>
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
      <OfflineGuard />
    </Document>
  );
}

export function ErrorBoundary() {
  return (
    <Document>
      <main id="main" tabIndex={-1} className="p-6 focus:outline-none">
        <GeneralErrorBoundary />
      </main>
    </Document>
  );
}
