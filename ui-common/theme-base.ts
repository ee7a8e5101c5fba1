/** What both apps' Chakra themes share: the Korean font stack and the brand palette's semantic roles. */
const KOREAN_FONTS = "'Noto Sans KR', 'Noto Sans CJK KR', 'Apple SD Gothic Neo', 'Malgun Gothic', system-ui, sans-serif";

export const fontTokens = {
  heading: { value: KOREAN_FONTS },
  body: { value: KOREAN_FONTS },
};

/** colorPalette="brand" reads these; each app defines its own brand.50–950 scale. */
export const brandSemanticTokens = {
  solid: { value: "{colors.brand.600}" },
  contrast: { value: "white" },
  fg: { value: "{colors.brand.700}" },
  muted: { value: "{colors.brand.100}" },
  subtle: { value: "{colors.brand.50}" },
  emphasized: { value: "{colors.brand.200}" },
  focusRing: { value: "{colors.brand.500}" },
};
