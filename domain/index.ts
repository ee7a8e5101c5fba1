export * from "./constants";
export * from "./codes";
export * from "./messages";
export * from "./format";
export * from "./schemas";
export * from "./amount";
