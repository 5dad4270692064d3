import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.

const TABLES_WITH_UPDATED_AT = [
  "agencies",
  "users",
  "sessions",
  "password_resets",
  "email_outbox",
  "clients",
  "client_notes",
  "facilities",
  "placements",
  "placement_events",
  "tasks",
  "task_checklist_items",
  "task_communications",
  "resources",
  "resource_versions",
  "audit_events",
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.updated_at := now();
      RETURN NEW;
    END;
    $$`.execute(db);

  await sql`
    CREATE TABLE agencies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      email citext NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
      first_name text NOT NULL,
      last_name text NOT NULL,
      phone text,
      role text NOT NULL DEFAULT 'agent' CHECK (role IN ('admin', 'coordinator', 'agent')),
      password_hash text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (agency_id, email)
    )`.execute(db);
  await sql`CREATE INDEX users_email_idx ON users (email)`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('browser', 'api')),
      remember boolean NOT NULL DEFAULT false,
      expires_at timestamptz NOT NULL,
      last_used_at timestamptz NOT NULL DEFAULT now(),
      user_agent text,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions (user_id)`.execute(db);
  await sql`CREATE INDEX sessions_expires_idx ON sessions (expires_at)`.execute(db);

  await sql`
    CREATE TABLE password_resets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      requested_ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`.execute(db);

  await sql`
    CREATE TABLE email_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid REFERENCES agencies(id) ON DELETE SET NULL,
      kind text NOT NULL,
      to_address text NOT NULL,
      from_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
      provider_id text,
      error text,
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_outbox_created_idx ON email_outbox (created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE clients (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
      last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
      email text NOT NULL,
      phone text NOT NULL,
      date_of_birth date NOT NULL,
      gender text CHECK (gender IN ('Male', 'Female', 'Other')),
      address_street text,
      address_city text,
      address_state char(2) CHECK (address_state ~ '^[A-Z]{2}$'),
      address_zip text,
      emergency_name text NOT NULL,
      emergency_relationship text NOT NULL,
      emergency_phone text NOT NULL,
      medical_conditions text[] NOT NULL DEFAULT '{}',
      medications text[] NOT NULL DEFAULT '{}',
      medical_notes text,
      care_level text NOT NULL DEFAULT 'independent'
        CHECK (care_level IN ('independent', 'assisted', 'memory', 'skilled')),
      tracker_status text NOT NULL DEFAULT 'New Client'
        CHECK (tracker_status IN ('New Client', 'Active Client', 'Target', 'Placed', 'Follow-up')),
      budget_min numeric(12,2) CHECK (budget_min >= 0),
      budget_max numeric(12,2) CHECK (budget_max >= 0),
      preferred_location text,
      preferred_amenities text[] NOT NULL DEFAULT '{}',
      room_type text NOT NULL DEFAULT 'private'
        CHECK (room_type IN ('private', 'semi-private', 'shared', 'studio', 'one-bedroom')),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      search_text text GENERATED ALWAYS AS (
        lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' '
          || regexp_replace(phone, '[^0-9]', '', 'g'))
      ) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX clients_agency_updated_idx ON clients (agency_id, updated_at DESC, id)`.execute(db);
  await sql`CREATE INDEX clients_agency_created_idx ON clients (agency_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX clients_agency_first_name_idx ON clients (agency_id, first_name, id)`.execute(db);
  await sql`CREATE INDEX clients_agency_last_name_idx ON clients (agency_id, last_name, id)`.execute(db);
  await sql`CREATE INDEX clients_agency_status_idx ON clients (agency_id, tracker_status, updated_at DESC)`.execute(db);
  await sql`CREATE INDEX clients_agency_care_idx ON clients (agency_id, care_level, updated_at DESC)`.execute(db);
  await sql`CREATE INDEX clients_search_trgm_idx ON clients USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX clients_email_idx ON clients (agency_id, lower(email))`.execute(db);
  await sql`CREATE INDEX clients_phone_idx ON clients (agency_id, regexp_replace(phone, '[^0-9]', '', 'g'))`.execute(
    db,
  );
  await sql`CREATE INDEX clients_conditions_idx ON clients USING gin (medical_conditions)`.execute(db);
  await sql`CREATE INDEX clients_medications_idx ON clients USING gin (medications)`.execute(db);

  await sql`
    CREATE TABLE client_notes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      author_id uuid REFERENCES users(id) ON DELETE SET NULL,
      content text NOT NULL CHECK (length(content) BETWEEN 1 AND 10000),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX client_notes_client_idx ON client_notes (client_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE facilities (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      license_number text NOT NULL CHECK (length(license_number) BETWEEN 1 AND 100),
      type text NOT NULL CHECK (type IN ('Assisted Living', 'Nursing Home', 'Memory Care',
        'Independent Living', 'Skilled Nursing', 'Rehabilitation Center', 'Adult Day Care',
        'Home Care', 'Other')),
      capacity integer NOT NULL CHECK (capacity >= 1),
      current_occupancy integer NOT NULL DEFAULT 0 CHECK (current_occupancy >= 0),
      available_beds integer GENERATED ALWAYS AS (capacity - current_occupancy) STORED,
      address_street text NOT NULL,
      address_city text NOT NULL,
      address_state char(2) NOT NULL CHECK (address_state ~ '^[A-Z]{2}$'),
      address_zip text NOT NULL CHECK (address_zip ~ '^[0-9]{5}(-[0-9]{4})?$'),
      contact_name text NOT NULL,
      contact_phone text NOT NULL,
      contact_email text,
      amenities text[] NOT NULL DEFAULT '{}',
      specialties text[] NOT NULL DEFAULT '{}',
      cost_range text NOT NULL,
      min_cost numeric(12,2) NOT NULL DEFAULT 0 CHECK (min_cost >= 0),
      max_cost numeric(12,2) NOT NULL DEFAULT 0 CHECK (max_cost >= 0),
      accepts_insurance boolean NOT NULL DEFAULT false,
      notes text,
      is_active boolean NOT NULL DEFAULT true,
      rating numeric(2,1) CHECK (rating BETWEEN 0 AND 5),
      search_text text GENERATED ALWAYS AS (
        lower(name || ' ' || address_city || ' ' || license_number)
      ) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (current_occupancy <= capacity),
      CHECK (max_cost = 0 OR max_cost > min_cost)
    )`.execute(db);
  await sql`CREATE INDEX facilities_agency_updated_idx ON facilities (agency_id, updated_at DESC, id)`.execute(db);
  await sql`CREATE INDEX facilities_agency_name_idx ON facilities (agency_id, name, id)`.execute(db);
  await sql`CREATE INDEX facilities_agency_min_cost_idx ON facilities (agency_id, min_cost, id)`.execute(db);
  await sql`CREATE INDEX facilities_agency_rating_idx ON facilities (agency_id, rating, id)`.execute(db);
  await sql`CREATE INDEX facilities_agency_beds_idx ON facilities (agency_id, available_beds, id)`.execute(db);
  await sql`CREATE INDEX facilities_agency_type_idx ON facilities (agency_id, type, updated_at DESC)`.execute(db);
  await sql`CREATE INDEX facilities_agency_cost_idx ON facilities (agency_id, min_cost, max_cost)`.execute(db);
  await sql`CREATE INDEX facilities_search_trgm_idx ON facilities USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX facilities_amenities_idx ON facilities USING gin (amenities)`.execute(db);
  await sql`CREATE INDEX facilities_specialties_idx ON facilities USING gin (specialties)`.execute(db);

  await sql`
    CREATE TABLE placements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      client_id uuid NOT NULL REFERENCES clients(id) ON DELETE RESTRICT,
      facility_id uuid NOT NULL REFERENCES facilities(id) ON DELETE RESTRICT,
      agent_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      status text NOT NULL DEFAULT 'In Progress'
        CHECK (status IN ('In Progress', 'Confirmed', 'Completed', 'Cancelled')),
      priority text NOT NULL DEFAULT 'Medium' CHECK (priority IN ('Low', 'Medium', 'High', 'Urgent')),
      start_date date NOT NULL,
      end_date date,
      move_in_date date,
      monthly_rate numeric(12,2) CHECK (monthly_rate >= 0),
      payment_method text CHECK (payment_method IN ('Private Pay', 'Insurance', 'Medicaid',
        'Medicare', 'VA Benefits', 'Other')),
      deposit_amount numeric(12,2) CHECK (deposit_amount >= 0),
      contract_signed boolean NOT NULL DEFAULT false,
      contract_signed_date date,
      deposit_paid boolean NOT NULL DEFAULT false,
      deposit_paid_date date,
      insurance_verified boolean NOT NULL DEFAULT false,
      insurance_verified_date date,
      medical_records_transferred boolean NOT NULL DEFAULT false,
      medical_records_transferred_date date,
      family_notified boolean NOT NULL DEFAULT false,
      family_notified_date date,
      notes text,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX placements_agency_created_idx ON placements (agency_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX placements_agency_status_idx ON placements (agency_id, status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX placements_agency_priority_idx ON placements (agency_id, priority, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX placements_client_idx ON placements (client_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX placements_facility_idx ON placements (facility_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX placements_agent_idx ON placements (agent_id)`.execute(db);

  await sql`
    CREATE TABLE placement_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      placement_id uuid NOT NULL REFERENCES placements(id) ON DELETE CASCADE,
      event text NOT NULL,
      description text,
      actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX placement_events_placement_idx ON placement_events (placement_id, occurred_at)`.execute(db);

  await sql`
    CREATE TABLE tasks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
      description text,
      type text NOT NULL DEFAULT 'Other' CHECK (type IN ('Initial Contact', 'Assessment',
        'Facility Visit', 'Documentation', 'Insurance Verification', 'Contract Review',
        'Move Coordination', 'Follow-up', 'Other')),
      priority text NOT NULL DEFAULT 'Medium' CHECK (priority IN ('Low', 'Medium', 'High', 'Urgent')),
      stage text NOT NULL DEFAULT 'New Client'
        CHECK (stage IN ('New Client', 'Active Client', 'Target', 'Placed', 'Follow-up')),
      position double precision NOT NULL DEFAULT 0,
      is_completed boolean NOT NULL DEFAULT false,
      completed_at timestamptz,
      due_date date NOT NULL,
      estimated_placement_date date,
      estimated_hours numeric(6,1) CHECK (estimated_hours >= 0),
      client_id uuid REFERENCES clients(id) ON DELETE SET NULL,
      assigned_to uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX tasks_agency_stage_idx ON tasks (agency_id, stage, position, id)`.execute(db);
  await sql`CREATE INDEX tasks_agency_due_idx ON tasks (agency_id, due_date, id)`.execute(db);
  await sql`CREATE INDEX tasks_agency_open_due_idx ON tasks (agency_id, due_date) WHERE NOT is_completed`.execute(db);
  await sql`CREATE INDEX tasks_agency_created_idx ON tasks (agency_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX tasks_agency_priority_idx ON tasks (agency_id, priority)`.execute(db);
  await sql`CREATE INDEX tasks_agency_type_idx ON tasks (agency_id, type)`.execute(db);
  await sql`CREATE INDEX tasks_assigned_idx ON tasks (assigned_to, due_date)`.execute(db);
  await sql`CREATE INDEX tasks_client_idx ON tasks (client_id)`.execute(db);
  await sql`CREATE INDEX tasks_title_trgm_idx ON tasks USING gin (lower(title) gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE task_checklist_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      task_id uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
      text text NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
      is_completed boolean NOT NULL DEFAULT false,
      completed_at timestamptz,
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX task_checklist_task_idx ON task_checklist_items (task_id, position)`.execute(db);

  await sql`
    CREATE TABLE task_communications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      task_id uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('note', 'call', 'email', 'meeting')),
      content text NOT NULL CHECK (length(content) BETWEEN 1 AND 10000),
      author_id uuid REFERENCES users(id) ON DELETE SET NULL,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX task_communications_task_idx ON task_communications (task_id, occurred_at DESC)`.execute(db);

  await sql`
    CREATE TABLE resources (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
      file_name text NOT NULL UNIQUE,
      mime_type text NOT NULL,
      size_bytes bigint NOT NULL CHECK (size_bytes >= 0 AND size_bytes <= 52428800),
      version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
      download_count integer NOT NULL DEFAULT 0 CHECK (download_count >= 0),
      last_downloaded_at timestamptz,
      description text,
      category text NOT NULL CHECK (category IN ('Medical Records', 'Insurance Documents',
        'Legal Documents', 'Identification', 'Photos', 'Assessments', 'Care Plans', 'Contracts',
        'Facility Brochures', 'Licenses', 'Inspection Reports', 'Other')),
      is_confidential boolean NOT NULL DEFAULT false,
      access_level text NOT NULL DEFAULT 'internal'
        CHECK (access_level IN ('public', 'internal', 'restricted')),
      tags text[] NOT NULL DEFAULT '{}',
      related_type text NOT NULL CHECK (related_type IN ('Client', 'Facility', 'Placement', 'Task')),
      related_id uuid NOT NULL,
      expiration_date date,
      metadata jsonb NOT NULL DEFAULT '{}',
      uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX resources_agency_created_idx ON resources (agency_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX resources_agency_category_idx ON resources (agency_id, category)`.execute(db);
  await sql`CREATE INDEX resources_related_idx ON resources (related_type, related_id)`.execute(db);
  await sql`CREATE INDEX resources_name_trgm_idx ON resources USING gin (lower(original_name) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX resources_tags_idx ON resources USING gin (tags)`.execute(db);

  await sql`
    CREATE TABLE resource_versions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      resource_id uuid NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
      version_number integer NOT NULL CHECK (version_number >= 1),
      file_name text NOT NULL,
      original_name text NOT NULL,
      mime_type text NOT NULL,
      size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
      change_log text,
      uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (resource_id, version_number)
    )`.execute(db);

  await sql`
    CREATE TABLE audit_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid REFERENCES agencies(id) ON DELETE CASCADE,
      actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      entity_type text,
      entity_id uuid,
      details jsonb NOT NULL DEFAULT '{}',
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_events_agency_idx ON audit_events (agency_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_events_entity_idx ON audit_events (entity_type, entity_id)`.execute(db);

  for (const table of TABLES_WITH_UPDATED_AT) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_set_updated_at`)} BEFORE UPDATE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES_WITH_UPDATED_AT].reverse()) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS set_updated_at()`.execute(db);
}
