import { cn } from "~/utils/cn";

export type AvatarSize = "xs" | "sm" | "md" | "lg" | "xl";

const sizes: Record<AvatarSize, string> = {
  xs: "h-6 w-6 text-[10px]",
  sm: "h-8 w-8 text-xs",
  md: "h-10 w-10 text-sm",
  lg: "h-12 w-12 text-base",
  xl: "h-16 w-16 text-lg",
};

const palette = [
  "bg-brand-100 text-brand-700",
  "bg-emerald-100 text-emerald-700",
  "bg-violet-100 text-violet-700",
  "bg-amber-100 text-amber-800",
  "bg-rose-100 text-rose-700",
  "bg-teal-100 text-teal-700",
  "bg-orange-100 text-orange-700",
  "bg-slate-200 text-slate-700",
];

/** "Maria de la Cruz" -> "MC"; "maria" -> "M". */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  const first = parts[0][0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? "") : "";
  return (first + last).toUpperCase();
}

function colourFor(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) >>> 0;
  return palette[hash % palette.length];
}

export interface AvatarProps {
  /** The person's full name: gives the initials, the colour and the accessible name. */
  name: string;
  size?: AvatarSize;
  /** "auto" picks a stable colour from the name; "brand" is the solid blue of the header. */
  tone?: "auto" | "brand" | "slate";
  /** Hide from screen readers when the name is written right beside it. */
  decorative?: boolean;
  className?: string;
}

/** Initials in a circle. */
export function Avatar({ name, size = "md", tone = "auto", decorative = false, className }: AvatarProps) {
  const colour =
    tone === "brand" ? "bg-brand-600 text-white" : tone === "slate" ? "bg-slate-200 text-slate-700" : colourFor(name);
  return (
    <span
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      title={decorative ? undefined : name}
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold ring-2 ring-white",
        sizes[size],
        colour,
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}

/** Overlapping avatars with a "+N" for the rest. */
export function AvatarGroup({
  names,
  max = 4,
  size = "sm",
  className,
}: {
  names: string[];
  max?: number;
  size?: AvatarSize;
  className?: string;
}) {
  const shown = names.slice(0, max);
  const rest = names.length - shown.length;
  return (
    <div className={cn("flex -space-x-1", className)}>
      {shown.map((name, i) => (
        <Avatar key={`${name}-${i}`} name={name} size={size} />
      ))}
      {rest > 0 ? (
        <span
          className={cn(
            "inline-flex shrink-0 items-center justify-center rounded-full bg-slate-100 font-medium text-slate-600 ring-2 ring-white",
            sizes[size],
          )}
          title={names.slice(max).join(", ")}
        >
          +{rest}
        </span>
      ) : null}
    </div>
  );
}
