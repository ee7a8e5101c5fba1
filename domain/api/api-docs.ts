import { endpoint, publicAccess } from "./endpoint";

/** The API's own description, generated from this table. */
export const apiDocsApi = {
  openApi: endpoint({
    method: "GET",
    path: "/api/openapi.json",
    access: publicAccess,
    summary: "This document (OpenAPI 3.1), generated from the endpoint table",
    raw: true,
  }),
  apiDocs: endpoint({
    method: "GET",
    path: "/api/docs",
    access: publicAccess,
    summary: "A readable page of this document (HTML)",
    raw: true,
  }),
};
