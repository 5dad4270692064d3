import { Badge, placementStatusTone, priorityTone, type BadgeTone } from "~/components/ui/badge";
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { Checkbox, ChoiceGroup, Radio } from "~/components/ui/choice";
import { FieldError, FieldHint, Input, Label, Select, Textarea } from "~/components/ui/field";
import {
  ArrowRightIcon,
  BuildingIcon,
  ClipboardIcon,
  PlusIcon,
  SettingsIcon,
  TasksIcon,
  UsersIcon,
} from "~/components/ui/icons";
import { PasswordInput } from "~/components/ui/password-input";
import { StatCard } from "~/components/ui/stat-card";
import { PLACEMENT_STATUSES, PRIORITIES } from "~/utils/vocabulary";
import { DemoRow, DemoSection } from "./shared";

const VARIANTS: ButtonVariant[] = ["primary", "secondary", "outline", "ghost", "danger", "link"];
const SIZES: ButtonSize[] = ["sm", "md", "lg"];

export function ButtonsDemo() {
  return (
    <DemoSection
      id="buttons"
      title="Buttons"
      description="Six variants, three sizes, an icon button, loading and disabled."
    >
      <DemoRow label="Variants">
        {VARIANTS.map((variant) => (
          <Button key={variant} variant={variant}>
            {variant[0].toUpperCase() + variant.slice(1)}
          </Button>
        ))}
      </DemoRow>
      <DemoRow label="Sizes">
        {SIZES.map((size) => (
          <Button key={size} size={size}>
            Size {size}
          </Button>
        ))}
        <Button size="icon" variant="outline" aria-label="Settings">
          <SettingsIcon className="h-5 w-5" />
        </Button>
      </DemoRow>
      <DemoRow label="With icons, loading, disabled, as a link">
        <Button>
          <PlusIcon className="h-4 w-4" /> Add Client
        </Button>
        <Button variant="outline">
          Continue <ArrowRightIcon className="h-4 w-4" />
        </Button>
        <Button loading>Saving…</Button>
        <Button variant="outline" loading>
          Loading
        </Button>
        <Button disabled>Disabled</Button>
        <Button variant="danger" disabled>
          Delete
        </Button>
        <ButtonLink to="/dashboard" variant="secondary">
          Link styled as a button
        </ButtonLink>
      </DemoRow>
    </DemoSection>
  );
}

export function FormsDemo() {
  return (
    <DemoSection
      id="inputs"
      title="Inputs"
      description="Every control has a visible label tied to it; errors are linked with aria-describedby."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextControlsDemo />
        <ChoicesDemo />
      </div>
    </DemoSection>
  );
}

/** The text boxes and selects: plain, with a hint, with an error, disabled. */
function TextControlsDemo() {
  return (
    <>
      <div>
        <Label htmlFor="demo-name" required>
          Full name
        </Label>
        <Input id="demo-name" name="name" placeholder="Eleanor Whitfield" autoComplete="off" />
      </div>
      <div>
        <Label htmlFor="demo-email">Email address</Label>
        <Input
          id="demo-email"
          name="email"
          type="email"
          defaultValue="eleanor@"
          invalid
          aria-describedby="demo-email-error"
        />
        <FieldError id="demo-email-error" errors="Please enter a valid email address" />
      </div>
      <div>
        <Label htmlFor="demo-care">Care level</Label>
        <Select id="demo-care" name="careLevel" defaultValue="assisted" aria-describedby="demo-care-hint">
          <option value="independent">Independent living</option>
          <option value="assisted">Assisted living</option>
          <option value="memory">Memory care</option>
          <option value="skilled">Skilled nursing</option>
        </Select>
        <FieldHint id="demo-care-hint">Used to match facilities.</FieldHint>
      </div>
      <div>
        <Label htmlFor="demo-priority">Priority</Label>
        <Select id="demo-priority" name="priority" defaultValue="" invalid aria-describedby="demo-priority-error">
          <option value="" disabled>
            Choose a priority
          </option>
          {PRIORITIES.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </Select>
        <FieldError id="demo-priority-error" errors="Priority is required" />
      </div>
      <div>
        <Label htmlFor="demo-password">Password</Label>
        <PasswordInput id="demo-password" name="password" defaultValue="Demo@1234" autoComplete="off" />
      </div>
      <div>
        <Label htmlFor="demo-disabled">Agency</Label>
        <Input id="demo-disabled" defaultValue="Sunrise Placements" disabled />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor="demo-notes">Notes</Label>
        <Textarea id="demo-notes" name="notes" rows={3} placeholder="Family prefers a facility near Portland…" />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor="demo-notes-error">Change log</Label>
        <Textarea id="demo-notes-error" rows={2} invalid aria-describedby="demo-notes-error-msg" />
        <FieldError id="demo-notes-error-msg" errors="Change log must be at least 10 characters" />
      </div>
    </>
  );
}

/** Checkboxes and radios in their groups. */
function ChoicesDemo() {
  return (
    <>
      <ChoiceGroup legend="Options">
        <Checkbox name="remember" label="Remember me" defaultChecked />
        <Checkbox
          name="notify"
          label="Notify the family"
          description="Sends an email when the placement is confirmed."
        />
        <Checkbox name="locked" label="Confidential (disabled)" disabled />
      </ChoiceGroup>
      <ChoiceGroup legend="Access level">
        <Radio name="access" value="public" label="Public" description="Everyone in the agency" defaultChecked />
        <Radio name="access" value="internal" label="Internal" description="Coordinators and agents" />
        <Radio name="access" value="restricted" label="Restricted" description="Only the uploader" />
      </ChoiceGroup>
    </>
  );
}

const DEMO_STATS = [
  { label: "Total Clients", value: "128", secondary: "14 new clients", tone: "blue", Icon: UsersIcon },
  { label: "Active Placements", value: "37", secondary: "212 total placements", tone: "green", Icon: ClipboardIcon },
  { label: "Available Facilities", value: "56", secondary: "94 beds available", tone: "purple", Icon: BuildingIcon },
  { label: "Pending Tasks", value: "23", secondary: "4 overdue", tone: "red", Icon: TasksIcon },
] as const;

export function CardsDemo() {
  return (
    <DemoSection id="cards" title="Cards" description="Card, CardHeader and CardBody; StatCard for figures.">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {DEMO_STATS.map(({ Icon, ...stat }) => (
          <StatCard key={stat.label} {...stat} icon={<Icon className="h-5 w-5" />} />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader title="Simple card" description="Header with a description" />
          <CardBody>
            <p className="text-sm text-slate-600">Cards group related content on a white surface with a soft border.</p>
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="With an action"
            description="Top-right slot"
            action={
              <ButtonLink to="/clients" variant="link" size="sm">
                View all
              </ButtonLink>
            }
          />
          <CardBody className="space-y-2 text-sm text-slate-600">
            <p>Maple Grove Senior Living</p>
            <p>Oak Ridge Memory Care</p>
          </CardBody>
        </Card>
        <Card className="p-5">
          <p className="text-sm font-medium text-slate-500">Body only</p>
          <p className="mt-2 text-sm text-slate-600">A card with padding and no header, for small panels.</p>
        </Card>
      </div>
    </DemoSection>
  );
}

const TONES: BadgeTone[] = ["gray", "blue", "green", "darkgreen", "yellow", "orange", "red", "purple"];

export function BadgesDemo() {
  return (
    <DemoSection id="badges" title="Badges" description="Tones, placement statuses and priorities.">
      <DemoRow label="All tones" gap="gap-2">
        {TONES.map((tone) => (
          <Badge key={tone} tone={tone}>
            {tone}
          </Badge>
        ))}
      </DemoRow>
      <DemoRow label="Placement status" gap="gap-2">
        {PLACEMENT_STATUSES.map((status) => (
          <Badge key={status} tone={placementStatusTone(status)}>
            {status}
          </Badge>
        ))}
      </DemoRow>
      <DemoRow label="Priority" gap="gap-2">
        {[...PRIORITIES].reverse().map((priority) => (
          <Badge key={priority} tone={priorityTone(priority)}>
            {priority}
          </Badge>
        ))}
      </DemoRow>
    </DemoSection>
  );
}
