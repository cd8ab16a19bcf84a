// Compiled with tsc --strict against the types openapi-typescript writes
// from the service's OpenAPI description (schema.d.ts, made by make test):
// the description must generate, the types must compile, and the calls a
// TypeScript client writes must type-check against them.
import type { components, paths } from "./schema";

type Schemas = components["schemas"];

export const generate: paths["/api/v1/qr"]["get"]["parameters"]["query"] = {
  data: "https://example.com",
  size: 300,
  format: "svg",
  style: "dot",
  eye: "circle",
};

export const body: Schemas["GenerateBody"] = { data: "hello", size: "300", verify: true, frame: "box" };

export const wifi: paths["/api/v1/wifi"]["get"]["parameters"]["query"] = {
  fields: { ssid: "Cafe", security: "nopass" },
  format: "png",
};

export const batch: Schemas["BatchRequest"] = {
  output: "zip",
  style: { size: 300, color: "1a237e" },
  items: [{ id: "home", data: "https://example.com" }, { type: "wifi", fields: { ssid: "Cafe", security: "nopass" } }],
};

export function scannable(r: Schemas["VerifyReport"]): string {
  return r.scannable ? `version ${r.version} at ${r.ec}` : r.warnings.join(" ");
}

export function texts(d: Schemas["DecodeResult"]): string[] {
  return d.results.map((c) => `${c.kind}: ${c.text}`);
}

export function fix(p: Schemas["Problem"]): string {
  return p.fix;
}
