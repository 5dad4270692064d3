import type { SVGProps } from "react";

// Outline icons (24px grid, 1.75 stroke), inline so they need no request and no script.

type IconProps = SVGProps<SVGSVGElement> & { title?: string };

function icon(paths: string[]) {
  return function Icon({ title, className = "h-5 w-5", ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        aria-hidden={title ? undefined : true}
        role={title ? "img" : undefined}
        {...props}
      >
        {title ? <title>{title}</title> : null}
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const ChartIcon = icon(["M4 20V10", "M10 20V4", "M16 20v-7", "M22 20H2"]);
export const ColumnsIcon = icon(["M4 4h4v16H4z", "M10 4h4v10h-4z", "M16 4h4v13h-4z"]);
export const UsersIcon = icon([
  "M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1",
  "M9 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z",
  "M22 19v-1a4 4 0 0 0-3-3.87",
  "M16 3.13a3.5 3.5 0 0 1 0 6.75",
]);
export const BuildingIcon = icon([
  "M4 21V5l8-3v19",
  "M12 8h8v13",
  "M2 21h20",
  "M7 8h2",
  "M7 12h2",
  "M7 16h2",
  "M15 12h2",
  "M15 16h2",
]);
export const ClipboardIcon = icon([
  "M9 4h6a1 1 0 0 1 1 1v1H8V5a1 1 0 0 1 1-1z",
  "M16 5h2a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h2",
  "m9 14 2 2 4-4",
]);
export const TasksIcon = icon(["M4 5h2v2H4z", "M4 11h2v2H4z", "M4 17h2v2H4z", "M10 6h10", "M10 12h10", "M10 18h10"]);
export const FolderIcon = icon(["M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"]);
export const BellIcon = icon(["M18 16V11a6 6 0 1 0-12 0v5l-2 2h16z", "M10 21a2 2 0 0 0 4 0"]);
export const SearchIcon = icon(["M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z", "m20 20-4-4"]);
export const ChevronLeftIcon = icon(["m15 18-6-6 6-6"]);
export const ChevronRightIcon = icon(["m9 18 6-6-6-6"]);
export const ChevronDownIcon = icon(["m6 9 6 6 6-6"]);
export const LogoutIcon = icon(["M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3", "M10 16l-4-4 4-4", "M6 12h10"]);
export const SidebarIcon = icon(["M4 4h16v16H4z", "M9 4v16"]);
export const XIcon = icon(["M18 6 6 18", "M6 6l12 12"]);
export const EyeIcon = icon([
  "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z",
  "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
]);
export const EyeOffIcon = icon([
  "M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.1 4",
  "M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6",
  "M9.9 9.9a3 3 0 0 0 4.2 4.2",
  "M3 3l18 18",
]);
export const MailIcon = icon([
  "M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z",
  "m3 7 9 6 9-6",
]);
export const LockIcon = icon(["M6 11h12v10H6z", "M8 11V7a4 4 0 0 1 8 0v4"]);
export const CheckIcon = icon(["m5 12 5 5 9-10"]);
export const CheckCircleIcon = icon(["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "m8 12 3 3 5-6"]);
export const AlertIcon = icon(["M12 3 2 20h20z", "M12 10v4", "M12 17h.01"]);
export const AlertCircleIcon = icon(["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "M12 8v5", "M12 16h.01"]);
export const InfoIcon = icon(["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "M12 11v5", "M12 8h.01"]);
export const PlusIcon = icon(["M12 5v14", "M5 12h14"]);
export const ArrowRightIcon = icon(["M5 12h14", "m13 6 6 6-6 6"]);
export const HeartIcon = icon(["M12 20s-7-4.4-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.6-9 9-9 9z"]);
export const SettingsIcon = icon([
  "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  "M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 15.2H3a2 2 0 0 1 0-4h.1A1.7 1.7 0 0 0 4.6 9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 9 5.1V5a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
]);
export const SlidersIcon = icon([
  "M4 6h10",
  "M18 6h2",
  "M4 12h4",
  "M12 12h8",
  "M4 18h12",
  "M20 18h0",
  "M16 4v4",
  "M10 10v4",
  "M18 16v4",
]);
export const WifiOffIcon = icon([
  "M2 2l20 20",
  "M8.5 16.5a5 5 0 0 1 7 0",
  "M5 12.9a10 10 0 0 1 5.2-2.7",
  "M19 12.9a10 10 0 0 0-2-1.5",
  "M12 20h.01",
]);
export const ServerIcon = icon(["M4 4h16v6H4z", "M4 14h16v6H4z", "M8 7h.01", "M8 17h.01"]);
export const InboxIcon = icon(["M22 12h-6l-2 3h-4l-2-3H2", "M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6z"]);
export const ShieldIcon = icon(["M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z"]);
export const RefreshIcon = icon(["M21 12a9 9 0 1 1-3-6.7L21 8", "M21 3v5h-5"]);
export const TrashIcon = icon([
  "M4 7h16",
  "M10 11v6",
  "M14 11v6",
  "M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12",
  "M9 7V4h6v3",
]);
export const PhoneIcon = icon([
  "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
]);
export const DollarIcon = icon(["M12 2v20", "M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6"]);
export const DownloadIcon = icon(["M12 3v12", "m7 10 5 5 5-5", "M4 21h16"]);
export const ArrowUpIcon = icon(["M12 19V5", "m5 12 7-7 7 7"]);
export const ArrowDownIcon = icon(["M12 5v14", "m19 12-7 7-7-7"]);
export const EditIcon = icon(["M4 20h4L19 9l-4-4L4 16z", "m13 7 4 4"]);
export const ArrowLeftIcon = icon(["M19 12H5", "m11 18-6-6 6-6"]);
