import type { SVGProps } from "react";
import spriteHref from "./icons.svg";

// Outline icons (24px grid, 1.75 stroke). Their shapes and outline look live once in the sprite
// icons.svg, a fingerprinted file the browser caches; each icon is a <use> of one of its symbols, so
// a page carries a short reference per icon instead of every path and attribute, and needs no script.
// The colour is the text colour (`currentColor`), the size the class (h-5 w-5 by default;
// className="" for none, where a component's stylesheet class sizes its icons).
// A new icon: a <symbol> in icons.svg with the same attributes as the others (viewBox, fill, stroke)
// around bare paths, and an export here.

type IconProps = SVGProps<SVGSVGElement> & { title?: string };

/** An icon drawn by the sprite's symbol `id`. */
function icon(id: string) {
  return function Icon({ title, className = "h-5 w-5", ...props }: IconProps) {
    return (
      <svg
        className={className || undefined}
        aria-hidden={title ? undefined : true}
        role={title ? "img" : undefined}
        {...props}
      >
        {title ? <title>{title}</title> : null}
        <use href={`${spriteHref}#${id}`} />
      </svg>
    );
  };
}

export const ChartIcon = icon("chart");
export const TrendIcon = icon("trend");
export const ColumnsIcon = icon("columns");
export const UsersIcon = icon("users");
export const BuildingIcon = icon("building");
export const ClipboardIcon = icon("clipboard");
export const TasksIcon = icon("tasks");
export const FolderIcon = icon("folder");
export const BellIcon = icon("bell");
export const SearchIcon = icon("search");
export const ChevronLeftIcon = icon("chevron-left");
export const ChevronRightIcon = icon("chevron-right");
export const ChevronDownIcon = icon("chevron-down");
export const LogoutIcon = icon("logout");
export const SidebarIcon = icon("sidebar");
export const XIcon = icon("x");
export const EyeIcon = icon("eye");
export const EyeOffIcon = icon("eye-off");
export const MailIcon = icon("mail");
export const LockIcon = icon("lock");
export const CheckIcon = icon("check");
export const CheckCircleIcon = icon("check-circle");
export const AlertIcon = icon("alert");
export const AlertCircleIcon = icon("alert-circle");
export const InfoIcon = icon("info");
export const PlusIcon = icon("plus");
export const ArrowRightIcon = icon("arrow-right");
export const HeartIcon = icon("heart");
export const SettingsIcon = icon("settings");
export const SlidersIcon = icon("sliders");
export const WifiOffIcon = icon("wifi-off");
export const ServerIcon = icon("server");
export const InboxIcon = icon("inbox");
export const ShieldIcon = icon("shield");
export const RefreshIcon = icon("refresh");
export const TrashIcon = icon("trash");
export const PhoneIcon = icon("phone");
export const DollarIcon = icon("dollar");
export const DownloadIcon = icon("download");
export const ArrowUpIcon = icon("arrow-up");
export const ArrowDownIcon = icon("arrow-down");
export const EditIcon = icon("edit");
export const ArrowLeftIcon = icon("arrow-left");
export const UploadIcon = icon("upload");
export const FileIcon = icon("file");
