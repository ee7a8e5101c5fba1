import { createSnackbar } from "@common/snackbar";

/** Snackbar durations of the spec: 3.2 s in gift/use flows, 1.6 s elsewhere. */
export const SNACK_SEND_MS = 3200;
export const SNACK_MS = 1600;

export const { toaster, snack, Toaster } = createSnackbar(SNACK_MS, "snackbar");
