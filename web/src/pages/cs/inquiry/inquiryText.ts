export const ANSWERED = "3";
