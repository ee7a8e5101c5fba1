import { z } from "zod";
import type { EndpointDef } from "../../domain/api/endpoint";
import { ACCESS_REASON_CODES, REASON_HEADER, REASON_TEXT_HEADER, REASON_TEXT_MAX } from "../../domain/access-log";
import { AREAS } from "../../domain/admin-access";

type Json = Record<string, unknown>;

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A zod schema as JSON Schema (draft 2020-12, what OpenAPI 3.1 uses): what goes over the wire, before any transform. */
const jsonSchema = (s: z.ZodType): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(s, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Json;
  return rest;
};

/** An object schema's fields as OpenAPI parameters of one location. */
function parameters(s: z.ZodType | undefined, where: "path" | "query"): Json[] {
  if (!s) return [];
  const schema = jsonSchema(s);
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, p]) => ({ name, in: where, required: where === "path" || required.has(name), schema: p }));
}

const envelope = (data?: Json): Json => ({
  type: "object",
  required: ["code"],
  properties: { code: { type: "integer", const: 200 }, message: { type: "string" }, ...(data ? { data } : {}) },
});

const errorEnvelope = {
  description: "Refused: `code` is the spec's code, `message` its Korean message.",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};

function security(e: EndpointDef): Json {
  switch (e.access.kind) {
    case "public":
      return { security: [] };
    case "member":
      return { security: [{ bearer: [] }], "x-access": "member (`cookie-type: web`)" };
    case "partner":
      return { security: [{ apiKey: [] }], "x-access": "partner" };
    case "merchant":
      return { security: [{ merchantKey: [] }], "x-access": "merchant (docs/merchant-api.md)" };
    case "operator": {
      const rule = AREAS[e.access.area];
      return {
        security: [{ bearer: [] }],
        "x-access": { operator: e.access.area, who: rule.who, anyOf: "anyOf" in rule ? rule.anyOf : [] },
      };
    }
  }
}

/** A download's reason headers (server/features/access-log: no file without a reason; it is recorded). */
const REASON_PARAMETERS: Json[] = [
  {
    name: REASON_HEADER,
    in: "header",
    required: true,
    description: "Why the file is made (personal-data access log)",
    schema: { type: "string", enum: ACCESS_REASON_CODES },
  },
  {
    name: REASON_TEXT_HEADER,
    in: "header",
    required: false,
    description: `Percent-encoded words of the reason, required for \`other\` (at most ${REASON_TEXT_MAX} characters kept)`,
    schema: { type: "string" },
  },
];

/** The OpenAPI 3.1 document of an endpoint table, grouped by feature (a tag each). */
export function openApiDocument(features: Record<string, Record<string, EndpointDef>>, info: { title: string; version: string }): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [tag, endpoints] of Object.entries(features)) {
    for (const [name, e] of Object.entries(endpoints)) {
      if (e.viewOf) continue;
      const path = e.path.replace(/:(\w+)/g, "{$1}");
      const ok: Json = e.file
        ? {
            description: `${e.file} (an .xlsx stream; an empty result answers the JSON envelope instead)`,
            content: { [XLSX]: { schema: { type: "string", contentMediaType: XLSX } } },
          }
        : e.raw && !e.response
          ? { description: "Not the JSON envelope: see the summary." }
          : {
              description: "Done.",
              content: { "application/json": { schema: envelope(e.response ? jsonSchema(e.response) : undefined) } },
            };
      (paths[path] ??= {})[e.method.toLowerCase()] = {
        operationId: name,
        tags: [tag],
        summary: e.summary,
        ...security(e),
        parameters: [...parameters(e.params, "path"), ...parameters(e.query, "query"), ...(e.file ? REASON_PARAMETERS : [])],
        ...(e.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(e.body) } } } } : {}),
        responses: { "200": ok, default: errorEnvelope },
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      ...info,
      description:
        "Every answer is the envelope `{ code, message?, data? }`; `code` 200 is success (docs/api.md says what a schema cannot).",
    },
    servers: [{ url: "/" }],
    tags: Object.keys(features).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "With the `cookie-type` header: `web` (members) or `operation` (operators).",
        },
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        merchantKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "krwm_…",
          description: "A merchant's API key (docs/merchant-api.md); POSTs take an Idempotency-Key header.",
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["code", "message"],
          properties: { code: { type: "integer" }, message: { type: "string" }, data: {} },
        },
      },
    },
  };
}
