import { endpoint, operator } from "./endpoint";
import { apiKeyInfo } from "../schemas/apikey";

const apiKey = operator("apiKey");

/** The partner marketplace's API key: shown whole once when made, afterwards only its prefix. */
export const apiKeyApi = {
  apiKey: endpoint({
    method: "GET",
    path: "/api/operation/apikey",
    access: apiKey,
    summary: "The active key's prefix and creation date",
    response: apiKeyInfo,
  }),
  apiKeyCreate: endpoint({
    method: "POST",
    path: "/api/operation/apikey",
    access: apiKey,
    summary: "Make a new key (the old one stops at once): the whole key, this once",
    response: apiKeyInfo,
  }),
};
