// A local stand-in for an S3-compatible service, for the storage tests (there is no network in
// the test environment). Path-style addressing (http://127.0.0.1:PORT/BUCKET/KEY), objects kept
// in memory, one bucket. It implements what the S3 storage driver uses:
//
//   PUT    /bucket/key                          PutObject
//   GET    /bucket/key   HEAD /bucket/key       GetObject, HeadObject
//   DELETE /bucket/key                          DeleteObject (204, also for a missing key)
//   POST   /bucket/key?uploads                  CreateMultipartUpload
//   PUT    /bucket/key?partNumber=N&uploadId=U  UploadPart
//   POST   /bucket/key?uploadId=U               CompleteMultipartUpload (parts in order, ETags
//                                               matching, all but the last at least 5 MiB and,
//                                               as R2 requires, of the same size)
//   DELETE /bucket/key?uploadId=U               AbortMultipartUpload
//   GET    /bucket?uploads                      ListMultipartUploads
//   GET    /bucket?list-type=2                  ListObjectsV2 (every object in one page)
//
// Every request must carry a valid AWS Signature Version 4 Authorization header: the stand-in
// recomputes the signature with the known secret (canonical request, string to sign, signing
// key) and answers 403 SignatureDoesNotMatch when it differs, and checks the body against the
// signed x-amz-content-sha256. Errors are S3's XML (<Error><Code>NoSuchKey</Code>…).
//
// Tests also read its state directly: `objects`, `uploads` (in progress), `log` (one entry per
// request) and `bytesReceived` (body bytes as they arrive), and can make requests fail (`fail`).
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

const MIN_PART_SIZE = 5 * 1024 * 1024;

export interface StoredObject {
  body: Buffer;
  etag: string;
  lastModified: Date;
}

export interface InProgressUpload {
  key: string;
  initiated: Date;
  parts: Map<number, { body: Buffer; etag: string }>;
}

export type S3Operation =
  | "PutObject"
  | "GetObject"
  | "HeadObject"
  | "DeleteObject"
  | "CreateMultipartUpload"
  | "UploadPart"
  | "CompleteMultipartUpload"
  | "AbortMultipartUpload"
  | "ListMultipartUploads"
  | "ListObjectsV2";

export interface LoggedRequest {
  operation: S3Operation | "Unknown";
  key: string;
  /** The body's length (UploadPart, PutObject…). */
  bytes: number;
  partNumber?: number;
  /** The HTTP status answered. */
  status: number;
}

/**
 * Makes a request fail: return the S3 error to answer, or nothing to carry on. With `afterDoing`
 * the request is carried out all the same and only its answer is the error (an answer lost).
 */
export type FailureRule = (
  request: LoggedRequest,
) => { status: number; code: string; afterDoing?: boolean } | undefined;

export interface S3StandIn {
  /** The endpoint to configure (S3_ENDPOINT). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  /** Multipart uploads started and neither completed nor aborted, by upload id. */
  uploads: Map<string, InProgressUpload>;
  /** Every request, in order (signature failures included). */
  log: LoggedRequest[];
  /** Multipart uploads completed: their key and the size of each part, in order. */
  completed: { key: string; partSizes: number[] }[];
  /** Request body bytes received so far, counted as they arrive. */
  bytesReceived: number;
  fail: FailureRule | undefined;
  /** Forgets every object, upload, log entry and failure rule. */
  reset(): void;
  close(): Promise<void>;
}

export interface S3StandInOptions {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sha256 = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => crypto.createHmac("sha256", key).update(data).digest();
const md5Etag = (data: Buffer) => `"${crypto.createHash("md5").update(data).digest("hex")}"`;

/** SigV4's URI encoding: everything but unreserved characters, as %XX in upper case. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function xml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/** The request's headers by lower-case name, repeated ones joined with commas, as SigV4 does. */
function headerValues(req: http.IncomingMessage): Map<string, string> {
  const values = new Map<string, string[]>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i].toLowerCase();
    const value = req.rawHeaders[i + 1].trim().replace(/\s+/g, " ");
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return new Map([...values].map(([name, list]) => [name, list.join(",")]));
}

function canonicalQuery(query: string): string {
  if (query === "") return "";
  return query
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const at = pair.indexOf("=");
      const name = decodeURIComponent(at < 0 ? pair : pair.slice(0, at));
      const value = at < 0 ? "" : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, "%20"));
      return [uriEncode(name), uriEncode(value)] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/**
 * Checks the request's SigV4 signature (header form, as the SDK sends it) and returns the payload
 * hash it signed, to be checked against the body once read. Throws S3Error when it does not hold.
 */
function verifySignature(
  req: http.IncomingMessage,
  path: string,
  query: string,
  stand: { accessKeyId: string; secretAccessKey: string; region: string },
): string {
  const headers = headerValues(req);
  const authorization = headers.get("authorization");
  if (!authorization) throw new S3Error(403, "AccessDenied", "Access Denied: the request is not signed");
  const match = AUTHORIZATION.exec(authorization);
  if (!match) throw new S3Error(400, "AuthorizationHeaderMalformed", "The authorization header is malformed");
  const [, accessKeyId, day, region, service, signedHeaderList, signature] = match;
  if (accessKeyId !== stand.accessKeyId) {
    throw new S3Error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
  }
  if (region !== stand.region || service !== "s3") {
    throw new S3Error(400, "AuthorizationHeaderMalformed", `The region or service is wrong: ${region}/${service}`);
  }
  const amzDate = headers.get("x-amz-date") ?? "";
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) {
    throw new S3Error(403, "AccessDenied", "X-Amz-Date is missing or does not match the credential's date");
  }
  const signedAt = Date.UTC(
    +amzDate.slice(0, 4),
    +amzDate.slice(4, 6) - 1,
    +amzDate.slice(6, 8),
    +amzDate.slice(9, 11),
    +amzDate.slice(11, 13),
    +amzDate.slice(13, 15),
  );
  if (Math.abs(Date.now() - signedAt) > 15 * 60 * 1000) {
    throw new S3Error(
      403,
      "RequestTimeTooSkewed",
      "The difference between the request time and the server's time is too large.",
    );
  }
  const signedHeaders = signedHeaderList.split(";");
  const payloadHash = headers.get("x-amz-content-sha256");
  if (!signedHeaders.includes("host") || !signedHeaders.includes("x-amz-date") || payloadHash === undefined) {
    throw new S3Error(403, "AccessDenied", "Host, X-Amz-Date and X-Amz-Content-SHA256 must be signed");
  }
  if (!signedHeaders.includes("x-amz-content-sha256")) {
    throw new S3Error(403, "AccessDenied", "X-Amz-Content-SHA256 must be signed");
  }
  const canonicalUri = path
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/");
  const canonicalRequest = [
    req.method,
    canonicalUri,
    canonicalQuery(query),
    ...signedHeaders.map((name) => `${name}:${headers.get(name) ?? ""}`),
    "",
    signedHeaderList,
    payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${stand.secretAccessKey}`, day), region), service), "aws4_request");
  const expected = hmac(signingKey, stringToSign);
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, "hex"))) {
    throw new S3Error(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    );
  }
  return payloadHash;
}

function operationOf(method: string, key: string, query: URLSearchParams): S3Operation | "Unknown" {
  if (key === "" && method === "GET" && query.get("list-type") === "2") return "ListObjectsV2";
  if (key === "") return method === "GET" && query.has("uploads") ? "ListMultipartUploads" : "Unknown";
  if (method === "POST" && query.has("uploads")) return "CreateMultipartUpload";
  if (method === "POST" && query.has("uploadId")) return "CompleteMultipartUpload";
  if (method === "PUT" && query.has("uploadId")) return "UploadPart";
  if (method === "DELETE" && query.has("uploadId")) return "AbortMultipartUpload";
  if (method === "PUT") return "PutObject";
  if (method === "GET") return "GetObject";
  if (method === "HEAD") return "HeadObject";
  if (method === "DELETE") return "DeleteObject";
  return "Unknown";
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const stand: S3StandIn = {
    endpoint: "",
    bucket: options.bucket ?? "placement-test",
    region: options.region ?? "us-east-1",
    accessKeyId: options.accessKeyId ?? "AKIASTANDIN000000001",
    secretAccessKey: options.secretAccessKey ?? "stand-in-secret/0123456789+abcdefghijklmnop",
    objects: new Map(),
    uploads: new Map(),
    log: [],
    completed: [],
    bytesReceived: 0,
    fail: undefined,
    reset() {
      stand.objects.clear();
      stand.uploads.clear();
      stand.log.length = 0;
      stand.completed.length = 0;
      stand.bytesReceived = 0;
      stand.fail = undefined;
    },
    close: () => Promise.resolve(),
  };

  function readBody(req: http.IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => {
        stand.bytesReceived += chunk.length;
        chunks.push(chunk);
      });
      req.on("end", () => resolve(Buffer.concat(chunks)));
      req.on("error", reject);
      req.on("close", () => {
        if (!req.complete) reject(new Error("The request was aborted"));
      });
    });
  }

  function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    entry: LoggedRequest,
    key: string,
    query: URLSearchParams,
    body: Buffer,
  ): void {
    const uploadOf = (uploadId: string | null) => {
      const upload = uploadId === null ? undefined : stand.uploads.get(uploadId);
      if (!upload || upload.key !== key) {
        throw new S3Error(404, "NoSuchUpload", "The specified multipart upload does not exist.");
      }
      return upload;
    };
    switch (entry.operation) {
      case "PutObject": {
        const etag = md5Etag(body);
        stand.objects.set(key, { body, etag, lastModified: new Date() });
        res.writeHead(200, { ETag: etag }).end();
        return;
      }
      case "GetObject":
      case "HeadObject": {
        const object = stand.objects.get(key);
        if (!object) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.");
        res.writeHead(200, {
          "Content-Length": object.body.length,
          "Content-Type": "binary/octet-stream",
          ETag: object.etag,
          "Last-Modified": object.lastModified.toUTCString(),
        });
        res.end(entry.operation === "GetObject" ? object.body : undefined);
        return;
      }
      case "DeleteObject":
        stand.objects.delete(key);
        res.writeHead(204).end();
        return;
      case "CreateMultipartUpload": {
        const uploadId = crypto.randomBytes(16).toString("hex");
        stand.uploads.set(uploadId, { key, initiated: new Date(), parts: new Map() });
        res
          .writeHead(200, { "Content-Type": "application/xml" })
          .end(
            xml(
              `<InitiateMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
                `<Bucket>${xmlEscape(stand.bucket)}</Bucket><Key>${xmlEscape(key)}</Key>` +
                `<UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
            ),
          );
        return;
      }
      case "UploadPart": {
        const upload = uploadOf(query.get("uploadId"));
        const partNumber = Number(query.get("partNumber"));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
          throw new S3Error(400, "InvalidArgument", "Part number must be an integer between 1 and 10000, inclusive");
        }
        const etag = md5Etag(body);
        upload.parts.set(partNumber, { body, etag });
        res.writeHead(200, { ETag: etag }).end();
        return;
      }
      case "CompleteMultipartUpload": {
        const uploadId = query.get("uploadId");
        const upload = uploadOf(uploadId);
        const listed = [...body.toString("utf8").matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part]) => ({
          partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part)?.[1]),
          etag: /<ETag>([\s\S]*?)<\/ETag>/.exec(part)?.[1]?.replace(/&quot;|&#34;/g, '"'),
        }));
        if (listed.length === 0) throw new S3Error(400, "MalformedXML", "The XML you provided was not well-formed");
        const bodies: Buffer[] = [];
        listed.forEach(({ partNumber, etag }, i) => {
          if (i > 0 && partNumber <= listed[i - 1].partNumber) {
            throw new S3Error(400, "InvalidPartOrder", "The list of parts was not in ascending order.");
          }
          const part = upload.parts.get(partNumber);
          if (!part || part.etag !== etag) {
            throw new S3Error(400, "InvalidPart", "One or more of the specified parts could not be found.");
          }
          if (i < listed.length - 1 && part.body.length < MIN_PART_SIZE) {
            throw new S3Error(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed size");
          }
          // Cloudflare R2's rule, stricter than S3's: all parts but the last the same size, the last no larger.
          const first = upload.parts.get(listed[0].partNumber)!.body.length;
          if (i < listed.length - 1 ? part.body.length !== first : part.body.length > first) {
            throw new S3Error(400, "InvalidPart", "All non-trailing parts must have the same length.");
          }
          bodies.push(part.body);
        });
        const object = Buffer.concat(bodies);
        const digest = crypto.createHash("md5");
        for (const { partNumber } of listed)
          digest.update(Buffer.from(upload.parts.get(partNumber)!.etag.slice(1, -1), "hex"));
        const etag = `"${digest.digest("hex")}-${listed.length}"`;
        stand.objects.set(key, { body: object, etag, lastModified: new Date() });
        stand.uploads.delete(uploadId!);
        stand.completed.push({ key, partSizes: bodies.map((b) => b.length) });
        res
          .writeHead(200, { "Content-Type": "application/xml" })
          .end(
            xml(
              `<CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
                `<Location>${xmlEscape(`${stand.endpoint}/${stand.bucket}/${key}`)}</Location>` +
                `<Bucket>${xmlEscape(stand.bucket)}</Bucket><Key>${xmlEscape(key)}</Key>` +
                `<ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
            ),
          );
        return;
      }
      case "AbortMultipartUpload": {
        const uploadId = query.get("uploadId");
        uploadOf(uploadId);
        stand.uploads.delete(uploadId!);
        res.writeHead(204).end();
        return;
      }
      case "ListMultipartUploads": {
        const uploads = [...stand.uploads]
          .map(
            ([uploadId, upload]) =>
              `<Upload><Key>${xmlEscape(upload.key)}</Key><UploadId>${uploadId}</UploadId>` +
              `<Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
          )
          .join("");
        res
          .writeHead(200, { "Content-Type": "application/xml" })
          .end(
            xml(
              `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
                `<Bucket>${xmlEscape(stand.bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads}` +
                `</ListMultipartUploadsResult>`,
            ),
          );
        return;
      }
      case "ListObjectsV2": {
        const contents = [...stand.objects]
          .map(
            ([objectKey, object]) =>
              `<Contents><Key>${xmlEscape(objectKey)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
              `<ETag>${xmlEscape(object.etag)}</ETag><Size>${object.body.length}</Size></Contents>`,
          )
          .join("");
        res
          .writeHead(200, { "Content-Type": "application/xml" })
          .end(
            xml(
              `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
                `<Name>${xmlEscape(stand.bucket)}</Name><KeyCount>${stand.objects.size}</KeyCount>` +
                `<IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
            ),
          );
        return;
      }
      default:
        throw new S3Error(501, "NotImplemented", "The stand-in does not implement this request.");
    }
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const rawQuery = (req.url ?? "").includes("?") ? (req.url ?? "").slice((req.url ?? "").indexOf("?") + 1) : "";
    const [, bucket = "", ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const entry: LoggedRequest = {
      operation: operationOf(req.method ?? "", key, url.searchParams),
      key,
      bytes: 0,
      status: 0,
    };
    if (entry.operation === "UploadPart") entry.partNumber = Number(url.searchParams.get("partNumber"));
    stand.log.push(entry);
    const answerError = (error: S3Error) => {
      entry.status = error.status;
      const body =
        req.method === "HEAD"
          ? undefined
          : xml(
              `<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message>` +
                `<Key>${xmlEscape(key)}</Key><RequestId>stand-in</RequestId></Error>`,
            );
      res.writeHead(error.status, { "Content-Type": "application/xml" }).end(body);
    };
    // The whole body is read before answering, whatever the answer, so the client never writes
    // into a closed connection.
    readBody(req)
      .then((body) => {
        entry.bytes = body.length;
        const payloadHash = verifySignature(req, url.pathname, rawQuery, stand);
        if (/^[0-9a-f]{64}$/.test(payloadHash)) {
          if (sha256(body) !== payloadHash) {
            throw new S3Error(
              400,
              "XAmzContentSHA256Mismatch",
              "The provided 'x-amz-content-sha256' header does not match what was computed.",
            );
          }
        } else if (payloadHash !== "UNSIGNED-PAYLOAD") {
          throw new S3Error(501, "NotImplemented", `The stand-in does not take x-amz-content-sha256: ${payloadHash}`);
        }
        if (bucket !== stand.bucket) throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist");
        const failure = stand.fail?.(entry);
        if (failure) {
          if (failure.afterDoing) {
            const unheard = { writeHead: () => unheard, end: () => unheard } as unknown as http.ServerResponse;
            handle(req, unheard, entry, key, url.searchParams, body);
          }
          throw new S3Error(failure.status, failure.code, `Failure made by the test (${failure.code})`);
        }
        handle(req, res, entry, key, url.searchParams, body);
        entry.status = res.statusCode;
      })
      .catch((error: unknown) => {
        if (error instanceof S3Error) return answerError(error);
        answerError(new S3Error(500, "InternalError", error instanceof Error ? error.message : String(error)));
      });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stand.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stand.close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  return stand;
}
