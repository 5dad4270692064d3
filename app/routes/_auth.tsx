import { Outlet } from "@remix-run/react";
import { LayoutErrorBoundary } from "~/components/error-boundary";
import { HeartIcon, LockIcon } from "~/components/ui/icons";

export default function AuthLayout() {
  return (
    <div className="flex min-h-full flex-col items-center justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 px-4 py-10">
      <main id="main" tabIndex={-1} className="w-full max-w-md focus:outline-none">
        <div className="mb-8 flex flex-col items-center text-center">
          <div className="mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/30">
            <HeartIcon className="h-7 w-7" />
          </div>
          <p className="text-2xl font-bold tracking-tight text-slate-900">Senior Placement</p>
          <p className="text-sm text-slate-500">Management System</p>
        </div>
        <Outlet />
        <p className="mt-6 flex items-center justify-center gap-1.5 text-xs text-slate-500">
          <LockIcon className="h-3.5 w-3.5" />
          Secured with token-based authentication
        </p>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <LayoutErrorBoundary backTo="/login" backLabel="Back to sign in" />;
}
