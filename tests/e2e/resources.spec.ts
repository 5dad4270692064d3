// The document library (docs/documents.md), with JavaScript and without: uploading several files
// with their details (the record they belong to, category, access level…), finding them with the
// list's search and filters, a document's page, its download (the very bytes uploaded), a new
// version with its change log, editing its details and deleting it.
import fs from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, field, test, toast, token } from "../support/e2e";
import { insertClient, type StoredClient } from "../support/e2e-data";
import { confirmDelete, screenSteps } from "../support/e2e-steps";

const { filters, ready, applyFilters } = screenSteps({ filters: "Document filters" });

const row = (page: Page, name: string) => page.getByTestId("resource-row").filter({ hasText: name });

/** A read-only field of the document's page ("Category", "Related to"…). */
const item = (page: Page, label: string) =>
  page
    .locator("dt")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd");

const CONFIDENTIAL = "Confidential (never included in CSV exports)";

/** A small but real PDF: one page, an author, a binary comment line, ending with %%EOF. */
function pdf(title: string): Buffer {
  return Buffer.concat([
    Buffer.from("%PDF-1.4\n%", "latin1"),
    Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a]),
    Buffer.from(
      [
        "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
        "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
        "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj",
        `4 0 obj << /Title (${title}) /Author (Dr. Rosa Lindqvist) >> endobj`,
        "trailer << /Root 1 0 R /Info 4 0 R >>",
        "%%EOF",
        "",
      ].join("\n"),
      "latin1",
    ),
  ]);
}

/** A PDF and a text file (and a spare text file, and a second version of the PDF), on disk, named after `tag`. */
async function documentFiles(tag: string) {
  const names = {
    pdf: `care-plan-${tag}.pdf`,
    txt: `visit-notes-${tag}.txt`,
    extra: `not-this-one-${tag}.txt`,
    pdfV2: `care-plan-${tag}-revised.pdf`,
  };
  const bytes = {
    pdf: pdf(`Care plan ${tag}`),
    txt: Buffer.from(`Visit notes ${tag}\nShe liked the garden.\n`),
    extra: Buffer.from("Chosen by mistake.\n"),
    pdfV2: pdf(`Care plan ${tag}, revised`),
  };
  const paths = {
    pdf: test.info().outputPath(names.pdf),
    txt: test.info().outputPath(names.txt),
    extra: test.info().outputPath(names.extra),
    pdfV2: test.info().outputPath(names.pdfV2),
  };
  for (const key of Object.keys(names) as (keyof typeof names)[]) await fs.writeFile(paths[key], bytes[key]);
  return { names, bytes, paths };
}

/** Downloads what clicking `link` gives: its suggested name and its bytes. */
async function downloadBytes(link: Locator) {
  const [file] = await Promise.all([link.page().waitForEvent("download"), link.click()]);
  return { filename: file.suggestedFilename(), bytes: await fs.readFile(await file.path()) };
}

/** Chooses the record a document belongs to: typed and picked with JavaScript, from the select without. */
async function chooseClient(page: Page, js: boolean, client: StoredClient, typed: string) {
  await expect(field(page, "Related to")).toHaveValue("Client");
  if (!js) {
    // A client just added is among the most recent ones the select offers.
    await expect(page.getByText("The most recent clients. Search to find any other.")).toBeVisible();
    await field(page, "Related record").selectOption(client.id);
    return;
  }
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/placement-options" && new URL(r.url()).searchParams.get("q") === typed,
  );
  await page.getByRole("combobox", { name: "Related record" }).fill(typed);
  await answered;
  await page
    .getByRole("listbox", { name: "Related record" })
    .getByRole("option")
    .filter({ hasText: client.name })
    .click();
  await expect(page.getByRole("combobox", { name: "Related record" })).toHaveValue(client.name);
}

test("the upload form asks for a file, lists the chosen ones, and uploads two with their details", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  const tag = token();
  const client = await insertClient(agency, { first_name: "Margarethe", last_name: `Olsson${tag}` });
  const { names, paths } = await documentFiles(tag);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/resources/upload") {
      posts.push(request.url());
    }
  });

  await page.goto("/resources");
  await ready(page, js, "list");
  await expect(page.getByText("No Documents Found")).toBeVisible();
  await page.getByRole("link", { name: "Upload Document" }).first().click();
  await expect(page).toHaveURL(/\/resources\/upload$/);
  await expect(page.getByRole("heading", { name: "Upload Documents" })).toBeVisible();
  const submit = page.getByRole("button", { name: /^Upload (\d+ )?file\(s\)$/ });
  // With JavaScript the button counts the chosen files (once the form has hydrated).
  await expect(submit).toHaveText(js ? "Upload 0 file(s)" : "Upload file(s)");

  await chooseClient(page, js, client, `olsson${tag}`);
  await field(page, "Category").selectOption("Care Plans");
  await field(page, "Access level").selectOption("restricted");
  await field(page, "Description").fill(`Care plan agreed with the family ${tag}`);
  await field(page, "Tags").fill("care plan, 2026");
  await page.getByRole("checkbox", { name: CONFIDENTIAL }).check();

  // No file: said at once with JavaScript (nothing is sent), by the server without.
  const noFiles = page.getByText("Please select at least one file to upload", { exact: true });
  await submit.click();
  await expect(noFiles).toBeVisible();
  if (js) {
    expect(posts).toHaveLength(0);
  } else {
    expect(posts).toHaveLength(1);
    await expect(page.getByText("Your files were not kept: choose them again.")).toBeVisible();
    // What was filled in is kept.
    await expect(field(page, "Related record")).toHaveValue(client.id);
    await expect(field(page, "Category")).toHaveValue("Care Plans");
    await expect(field(page, "Access level")).toHaveValue("restricted");
    await expect(field(page, "Description")).toHaveValue(`Care plan agreed with the family ${tag}`);
    await expect(field(page, "Tags")).toHaveValue("care plan, 2026");
    await expect(page.getByRole("checkbox", { name: CONFIDENTIAL })).toBeChecked();
  }

  if (js) {
    // Each choice adds to the list; Remove takes one out; the button counts them.
    const input = page.getByLabel("Choose files");
    await input.setInputFiles([paths.pdf, paths.txt]);
    await input.setInputFiles(paths.extra);
    await expect(page.getByTestId("chosen-file")).toHaveCount(3);
    await expect(submit).toHaveText("Upload 3 file(s)");
    await expect(noFiles).toHaveCount(0);
    await page.getByRole("button", { name: `Remove ${names.extra}` }).click();
    await expect(page.getByTestId("chosen-file")).toHaveText([new RegExp(names.pdf), new RegExp(names.txt)]);
    await expect(submit).toHaveText("Upload 2 file(s)");
  } else {
    await page.getByLabel("Files to upload").setInputFiles([paths.pdf, paths.txt]);
  }
  await submit.click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(toast(page, "success")).toContainText("2 file(s) uploaded successfully!");
  expect(posts).toHaveLength(js ? 1 : 2);
  await ready(page, js, "list");
  await expect(page.getByTestId("resource-row")).toHaveCount(2);
  for (const name of [names.pdf, names.txt]) {
    await expect(row(page, name)).toContainText("Care Plans");
    await expect(row(page, name)).toContainText("Version 1");
    await expect(row(page, name)).toContainText("Restricted");
    await expect(row(page, name)).toContainText("Confidential");
    await expect(row(page, name)).toContainText(`${agency.firstName} ${agency.lastName}`);
  }
});

test("a file the server refuses is said, the details filled in kept and not called missing", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  // The refusal is the form's own message; the details filled in are not called missing.
  const tag = token();
  const client = await insertClient(agency, { first_name: "Margarethe", last_name: `Olsson${tag}` });
  // Named a PDF, but text: only the server, reading its content, refuses it.
  const fake = test.info().outputPath(`scan-${tag}.pdf`);
  await fs.writeFile(fake, "just text, not a PDF\n");
  await page.goto("/resources/upload");
  const submit = page.getByRole("button", { name: /^Upload (\d+ )?file\(s\)$/ });
  await expect(submit).toHaveText(js ? "Upload 0 file(s)" : "Upload file(s)");
  await chooseClient(page, js, client, `olsson${tag}`);
  await field(page, "Category").selectOption("Care Plans");
  await field(page, "Description").fill(`Scanned at the hospital ${tag}`);
  await page.getByLabel(js ? "Choose files" : "Files to upload").setInputFiles(fake);
  await submit.click();
  await expect(page.getByText(`The content of scan-${tag}.pdf is not a PDF`, { exact: true })).toBeVisible();
  await expect(page.getByText(/is required/)).toHaveCount(0);
  // Nothing typed is lost: the details are still there to send again with another file.
  await expect(field(page, "Category")).toHaveValue("Care Plans");
  await expect(field(page, "Description")).toHaveValue(`Scanned at the hospital ${tag}`);
  if (js) await expect(page.getByRole("combobox", { name: "Related record" })).toHaveValue(client.name);
  else await expect(field(page, "Related record")).toHaveValue(client.id);
});

test("a 5 MB scan goes through the upload form and a new version, and comes back whole", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  // What a scanner makes: several megabytes (the server once refused anything over 1 MB).
  test.setTimeout(60_000);
  const tag = token();
  const client = await insertClient(agency, { first_name: "Ingrid", last_name: `Berg${tag}` });
  const scan = (title: string) => {
    const head = pdf(title);
    return Buffer.concat([head, Buffer.alloc(5 * 1024 * 1024 - head.length, 0x20)]);
  };
  const first = { name: `scan-${tag}.pdf`, bytes: scan(`Scan ${tag}`) };
  const second = { name: `scan-${tag}-signed.pdf`, bytes: scan(`Scan ${tag}, signed`) };
  for (const file of [first, second]) await fs.writeFile(test.info().outputPath(file.name), file.bytes);

  await page.goto("/resources/upload");
  await chooseClient(page, js, client, `berg${tag}`);
  await field(page, "Category").selectOption("Medical Records");
  await page.getByLabel(js ? "Choose files" : "Files to upload").setInputFiles(test.info().outputPath(first.name));
  await page.getByRole("button", { name: /^Upload (\d+ )?file\(s\)$/ }).click();
  // One document: its own page, with the toast (brought by the script's navigation, or the cookie).
  await expect(page).toHaveURL(/\/resources\/[0-9a-f-]{36}$/);
  await expect(toast(page, "success")).toContainText("1 file(s) uploaded successfully!");
  await ready(page, js, "detail");
  await expect(page.getByRole("main")).toContainText(first.name);
  await expect(page.getByRole("main")).toContainText("application/pdf · 5.0 MB · Version 1");

  await field(page, "New file").setInputFiles(test.info().outputPath(second.name));
  await page.getByRole("button", { name: "Upload new version" }).click();
  await expect(toast(page, "success")).toContainText("New version uploaded (version 2)");
  const downloaded = await downloadBytes(page.getByRole("link", { name: "Download", exact: true }).first());
  expect(downloaded.filename).toBe(second.name);
  expect(downloaded.bytes.equals(second.bytes), "the downloaded file is the uploaded one").toBe(true);
});

/** Uploads two files as the upload form does without JavaScript (a plain multipart post). */
async function uploadTwo(page: Page, client: StoredClient, files: Awaited<ReturnType<typeof documentFiles>>) {
  const form = new FormData();
  const fields = {
    relatedToType: "Client",
    relatedToId: client.id,
    category: "Care Plans",
    accessLevel: "restricted",
    description: `Care plan agreed with the family ${client.last_name}`,
    tags: "care plan, 2026",
    isConfidential: "on",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("files", new Blob([new Uint8Array(files.bytes.pdf)], { type: "application/pdf" }), files.names.pdf);
  form.append("files", new Blob([new Uint8Array(files.bytes.txt)], { type: "text/plain" }), files.names.txt);
  const response = await page.request.post("/resources/upload", { multipart: form, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/resources");
}

test("a document is found, viewed, downloaded, replaced, edited and deleted", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  const tag = token();
  const client = await insertClient(agency, { first_name: "Margarethe", last_name: `Olsson${tag}` });
  const files = await documentFiles(tag);
  const { names, bytes } = files;
  await uploadTwo(page, client, files);
  const description = `Care plan agreed with the family Olsson${tag}`;

  // Found by the list's search and filters.
  await page.goto("/resources");
  await ready(page, js, "list");
  await expect(page.getByTestId("resource-row")).toHaveCount(2);
  await filters(page).getByLabel("Search").fill(tag);
  if (!js) await filters(page).getByLabel("Search").press("Enter");
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByTestId("resource-row")).toHaveCount(2);
  await filters(page).getByLabel("Category").selectOption("Care Plans");
  await applyFilters(page, js);
  await expect(page).toHaveURL(/category=Care\+Plans/);
  await filters(page).getByLabel("Type").selectOption("pdf");
  await applyFilters(page, js);
  await expect(page).toHaveURL(/type=pdf/);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
  await expect(page.getByTestId("resource-row")).toContainText(names.pdf);
  await filters(page).getByLabel("Type").selectOption("text");
  await applyFilters(page, js);
  await expect(page).toHaveURL(/type=text/);
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
  await expect(page.getByTestId("resource-row")).toContainText(names.txt);
  await filters(page).getByLabel("Access Level").selectOption("public");
  await applyFilters(page, js);
  await expect(page).toHaveURL(/accessLevel=public/);
  await expect(page.getByText("No Documents Found")).toBeVisible();
  await page.getByRole("link", { name: "Clear Filters" }).first().click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(page.getByTestId("resource-row")).toHaveCount(2);

  // Its page: name, badges, details, version 1.
  await row(page, names.pdf)
    .getByRole("link", { name: `View ${names.pdf}` })
    .click();
  await expect(page).toHaveURL(/\/resources\/[0-9a-f-]{36}$/);
  const path = new URL(page.url()).pathname;
  await ready(page, js, "detail");
  await expect(page.getByRole("heading", { name: names.pdf })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText(`application/pdf · ${bytes.pdf.length} B · Version 1 · 0 downloads`);
  await expect(main.getByText("Active", { exact: true })).toBeVisible();
  await expect(main.getByText("Restricted", { exact: true })).toBeVisible();
  await expect(main.getByText("Confidential", { exact: true })).toBeVisible();
  await expect(main.getByText(description)).toBeVisible();
  await expect(main.getByText("care plan", { exact: true })).toBeVisible();
  await expect(main.getByText("2026", { exact: true })).toBeVisible();
  await expect(item(page, "Category")).toHaveText("Care Plans");
  await expect(item(page, "Related to")).toHaveText(`Client: ${client.name}`);
  await expect(item(page, "Uploaded by")).toHaveText(`${agency.firstName} ${agency.lastName}`);
  await expect(item(page, "Pages")).toHaveText("1");
  await expect(item(page, "Author")).toHaveText("Dr. Rosa Lindqvist");
  await expect(page.getByTestId("version")).toHaveCount(1);
  await expect(page.getByTestId("version")).toContainText("Version 1");
  await expect(page.getByTestId("version")).toContainText("Current");

  // Downloaded: the very bytes uploaded.
  const downloaded = await downloadBytes(page.getByRole("link", { name: "Download", exact: true }).first());
  expect(downloaded.filename).toBe(names.pdf);
  expect(downloaded.bytes.equals(bytes.pdf), "the downloaded file is the uploaded one").toBe(true);

  // A new version, with its change log.
  await field(page, "New file").setInputFiles(files.paths.pdfV2);
  await field(page, "Change log").fill(`Revised after the home visit ${tag}`);
  await page.getByRole("button", { name: "Upload new version" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(toast(page, "success")).toContainText("New version uploaded (version 2)");
  const versions = page.getByTestId("version");
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText("Version 2");
  await expect(versions.nth(0)).toContainText("Current");
  await expect(versions.nth(0)).toContainText(`Revised after the home visit ${tag}`);
  await expect(versions.nth(1)).toContainText("Version 1");
  await expect(versions.nth(1)).not.toContainText("Current");
  // The document now shows the new file, its name too; the first version keeps its own.
  await expect(page.getByRole("heading", { name: names.pdfV2 })).toBeVisible();
  await expect(versions.nth(0)).toContainText(names.pdfV2);
  await expect(versions.nth(1)).toContainText(names.pdf);
  await expect(main).toContainText(`${bytes.pdfV2.length} B · Version 2 · 1 download`);
  // The current file is the new one; the first stays downloadable.
  const current = await downloadBytes(page.getByRole("link", { name: "Download", exact: true }).first());
  expect(current.filename).toBe(names.pdfV2);
  expect(current.bytes.equals(bytes.pdfV2), "the current version is the new file").toBe(true);
  const first = await downloadBytes(page.getByRole("link", { name: "Download version 1" }));
  expect(first.filename).toBe(names.pdf);
  expect(first.bytes.equals(bytes.pdf), "version 1 is the first file").toBe(true);

  // Its details edited.
  await ready(page, js, "detail");
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}/edit$`));
  await expect(page.getByRole("heading", { name: "Edit Document" })).toBeVisible();
  await expect(field(page, "Category")).toHaveValue("Care Plans");
  await expect(field(page, "Description")).toHaveValue(description);
  if (js) await expect(page.getByRole("combobox", { name: "Related record" })).toHaveValue(client.name);
  else await expect(field(page, "Related record")).toHaveValue(client.id);
  await field(page, "Category").selectOption("Assessments");
  await field(page, "Description").fill(`Assessment before the move ${tag}`);
  await page.getByRole("button", { name: "Update Document" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(toast(page, "success")).toContainText("Resource updated successfully!");
  await expect(item(page, "Category")).toHaveText("Assessments");
  await expect(main.getByText(`Assessment before the move ${tag}`)).toBeVisible();
  await expect(main.getByText(description)).toHaveCount(0);
  await expect(page.getByTestId("version")).toHaveCount(2);

  // Deleted, after the confirmation.
  await confirmDelete(
    page,
    js,
    { path, name: "Delete document?", message: `Are you sure you want to delete "${names.pdfV2}"?` },
    "Delete",
  );
  await expect(page).toHaveURL(/\/resources$/);
  await expect(toast(page, "success")).toContainText("Resource deleted successfully!");
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
  await expect(page.getByTestId("resource-row")).toContainText(names.txt);
  await expect(row(page, names.pdfV2)).toHaveCount(0);
  expect((await page.goto(path))?.status()).toBe(404);

  // The other, from its row in the list: a dialog, or the confirmation page without JavaScript.
  await page.goto("/resources");
  await ready(page, js, "list");
  await row(page, names.txt)
    .getByRole("link", { name: `Delete ${names.txt}` })
    .click();
  const box = js
    ? page.getByRole("dialog", { name: "Delete document?" })
    : page.getByRole("region", { name: "Delete document?" });
  await expect(page).toHaveURL(js ? /\/resources$/ : /\/resources\/[0-9a-f-]{36}\/delete$/);
  await expect(box).toContainText(`Are you sure you want to delete "${names.txt}"?`);
  await box.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(toast(page, "success")).toContainText("Resource deleted successfully!");
  await expect(page.getByText("No Documents Found")).toBeVisible();
});
