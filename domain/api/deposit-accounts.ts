import { endpoint, operator } from "./endpoint";
import { bankCreateBody, bankIdBody, bankIdParams, bankList, bankRow } from "../schemas/deposit-accounts";
import { okAnswer } from "../schemas/shared/common";

const bank = operator("walletBank");

/** Deposit bank accounts (spec §7 Address): the main one is what buy step 2 shows; each change audited. */
export const depositAccountsApi = {
  bankList: endpoint({
    method: "GET",
    path: "/api/address/bank",
    access: bank,
    summary: "Every deposit account, the main one marked",
    response: bankList,
  }),
  bankCreate: endpoint({
    method: "POST",
    path: "/api/address/bank",
    access: bank,
    summary: "Add a deposit account",
    body: bankCreateBody,
    response: bankRow,
  }),
  bankSetMain: endpoint({
    method: "PUT",
    path: "/api/address/bank",
    access: bank,
    summary: "Make an account the main one: the list after",
    body: bankIdBody,
    response: bankList,
  }),
  bankDelete: endpoint({
    method: "DELETE",
    path: "/api/address/bank/:id",
    access: bank,
    summary: "Remove an account (not the main one)",
    params: bankIdParams,
    response: okAnswer,
  }),
};
