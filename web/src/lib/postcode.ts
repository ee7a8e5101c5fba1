/** A chosen postal address. */
export interface PickedAddress {
  /** 'R' road-name address, 'J' lot-number (jibun) address. */
  type: "R" | "J";
  zonecode: string;
  address: string;
  detail?: string;
}

interface DaumPostcodeData {
  zonecode: string;
  roadAddress: string;
  jibunAddress: string;
  autoJibunAddress?: string;
  userSelectedType: "R" | "J";
}
interface DaumPostcodeCtor {
  new (opts: {
    oncomplete: (d: DaumPostcodeData) => void;
    width?: string;
    height?: string;
  }): { embed: (el: HTMLElement) => void; open: () => void };
}
declare global {
  interface Window {
    daum?: { Postcode?: DaumPostcodeCtor };
    ReactNativeWebView?: { postMessage: (message: string) => void };
  }
}

const SCRIPT_URL = "//t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js";
let loading: Promise<DaumPostcodeCtor | null> | null = null;

/** Loads the Daum postcode script once; null when it cannot load within `timeoutMs` (offline, CSP). */
export function loadDaumPostcode(timeoutMs = 3000): Promise<DaumPostcodeCtor | null> {
  if (window.daum?.Postcode) return Promise.resolve(window.daum.Postcode);
  if (loading) return loading;
  loading = new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    const timer = setTimeout(() => done(), timeoutMs);
    function done() {
      clearTimeout(timer);
      resolve(window.daum?.Postcode ?? null);
    }
    script.onload = done;
    script.onerror = done;
    document.head.appendChild(script);
  }).then((ctor) => {
    if (!ctor) loading = null; // allow a later retry
    return ctor as DaumPostcodeCtor | null;
  });
  return loading;
}

export function fromDaum(d: DaumPostcodeData): PickedAddress {
  const type = d.userSelectedType === "J" ? "J" : "R";
  return { type, zonecode: d.zonecode, address: type === "R" ? d.roadAddress : d.jibunAddress || d.autoJibunAddress || "" };
}

/** The single line stored as the member's home address. */
export function addressLine(a: PickedAddress): string {
  return [a.zonecode ? `(${a.zonecode})` : "", a.address, a.detail ?? ""]
    .filter((s) => s.trim())
    .join(" ")
    .trim();
}
