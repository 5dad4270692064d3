import { Avatar, AvatarGroup, type AvatarSize } from "~/components/ui/avatar";
import { Button, ButtonLink } from "~/components/ui/button";
import { PlusIcon } from "~/components/ui/icons";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { Tabs, type TabItem } from "~/components/ui/tabs";
import { DemoLabel, DemoSection, useDemoHref } from "./shared";

export const DEMO_TABS = ["overview", "documents", "activity"] as const;
export type DemoTab = (typeof DEMO_TABS)[number];
export const DEMO_TOTAL_PAGES = 12;

const tabText: Record<DemoTab, string> = {
  overview: "Overview: the client's details, care needs and current placement.",
  documents: "Documents: care plans, insurance cards and signed contracts.",
  activity: "Activity: calls, visits and notes, newest first.",
};

export function TabsDemo({ tab }: { tab: DemoTab }) {
  const href = useDemoHref();
  const items: TabItem[] = [
    { value: "overview", label: "Overview", to: href({ tab: "overview" }, "tabs") },
    { value: "documents", label: "Documents", to: href({ tab: "documents" }, "tabs"), count: 8 },
    { value: "activity", label: "Activity", to: href({ tab: "activity" }, "tabs"), count: 23 },
  ];
  return (
    <DemoSection id="tabs" title="Tabs" description="Links with aria-current; the URL holds the tab (?tab=…).">
      <Tabs items={items} current={tab} aria-label="Client sections" preventScrollReset />
      <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600" data-testid="tab-panel">
        {tabText[tab]}
      </p>
      <div>
        <DemoLabel>Pills variant</DemoLabel>
        <Tabs items={items} current={tab} aria-label="Client sections (pills)" variant="pills" preventScrollReset />
      </div>
    </DemoSection>
  );
}

export function PaginationDemo({ page }: { page: number }) {
  const href = useDemoHref();
  return (
    <DemoSection
      id="pagination"
      title="Pagination"
      description="Links built from the page and a hrefFor function; the URL holds the page (?page=…)."
    >
      <Pagination
        page={page}
        totalPages={DEMO_TOTAL_PAGES}
        total={287}
        noun="clients"
        hrefFor={(p) => href({ page: p }, "pagination")}
        preventScrollReset
        aria-label="Demo pagination"
      />
      <div>
        <DemoLabel>Few pages, first page</DemoLabel>
        <Pagination page={1} totalPages={3} hrefFor={() => "#pagination"} aria-label="Short pagination" />
      </div>
    </DemoSection>
  );
}

const SIZES: AvatarSize[] = ["xs", "sm", "md", "lg", "xl"];
const PEOPLE = [
  "Eleanor Whitfield",
  "Marcus Chen",
  "Priya Natarajan",
  "Walter O'Brien",
  "Sofia Alvarez",
  "James Park",
  "Ada Lovelace",
];

export function AvatarsDemo() {
  return (
    <DemoSection id="avatars" title="Avatars" description="Initials in a circle, with a stable colour per name.">
      <div className="flex flex-wrap items-end gap-4">
        {SIZES.map((size, i) => (
          <Avatar key={size} name={PEOPLE[i]} size={size} />
        ))}
        <Avatar name="Demo User" tone="brand" />
        <Avatar name="Unassigned" tone="slate" />
      </div>
      <div className="flex flex-wrap items-center gap-6">
        <AvatarGroup names={PEOPLE} max={4} />
        <div className="flex items-center gap-3">
          <Avatar name="Marcus Chen" size="md" decorative />
          <div className="text-sm">
            <p className="font-medium text-slate-900">Marcus Chen</p>
            <p className="text-slate-500">Placement Agent</p>
          </div>
        </div>
      </div>
    </DemoSection>
  );
}

export function PageHeaderDemo() {
  return (
    <DemoSection
      id="page-header"
      title="Page header"
      description="Title, description and actions at the top of a list page."
    >
      <div className="rounded-xl bg-slate-50 p-4 sm:p-6">
        <PageHeader
          title="Clients"
          description="Seniors your agency is helping to place."
          actions={
            <>
              <Button variant="outline">Export</Button>
              <ButtonLink to="/clients/new">
                <PlusIcon className="h-4 w-4" /> Add Client
              </ButtonLink>
            </>
          }
        />
      </div>
    </DemoSection>
  );
}
