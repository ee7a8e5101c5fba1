import { useEffect } from "react";
import { L } from "../labels";

/** The tab title: "<page> | KRW Voucher", or the brand alone on the landing page. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${L.brand}` : L.brand;
  }, [title]);
}
