import type { ContractTransactionReceipt, ContractTransactionResponse, LogDescription } from "ethers";
import type { Voucher } from "./fixtures";

/** Waits for a sent transaction (untyped contract methods return `any`) and types its receipt. */
export async function mined(tx: Promise<ContractTransactionResponse>): Promise<ContractTransactionReceipt> {
  const receipt = await (await tx).wait();
  if (!receipt) throw new Error("transaction was not mined");
  return receipt;
}

/** The voucher's own events in a receipt, in log order. */
export function voucherEvents(voucher: Voucher, receipt: ContractTransactionReceipt): LogDescription[] {
  return receipt.logs.map((log) => voucher.interface.parseLog(log)).filter((e): e is LogDescription => e !== null);
}
