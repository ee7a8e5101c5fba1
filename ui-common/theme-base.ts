import { defaultConfig, type SlotRecipeConfig } from "@chakra-ui/react";

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

/**
 * WCAG 2.1 AA text contrast (1.4.3, 4.5:1) for the grey text roles, shared by both apps (ui-common/README.md,
 * "Accessibility"). Chakra's default `fg.subtle` is gray.400 (#a1a1aa, 2.6:1 on white); gray.500 (#71717a) gives
 * 4.8:1 on white and 4.6:1 on the gray.50 page. `fg.muted` (gray.600, 7.7:1) is Chakra's and kept. The status
 * texts go one step darker than Chakra's for the same reason: error red.500 (3.8:1) → red.700 (6.5:1), success
 * green.600 (3.3:1) → green.700 (5.0:1), warning orange.600 (3.6:1) → orange.700 (5.2:1).
 */
export const fgSemanticTokens = {
  subtle: { value: { _light: "{colors.gray.500}", _dark: "{colors.gray.500}" } },
  error: { value: { _light: "{colors.red.700}", _dark: "{colors.red.400}" } },
  success: { value: { _light: "{colors.green.700}", _dark: "{colors.green.300}" } },
  warning: { value: { _light: "{colors.orange.700}", _dark: "{colors.orange.300}" } },
};

/**
 * Snackbars on a solid colour keep 4.5:1: green and orange solids one step darker (white on green.600 is 3.3:1, on
 * green.700 5.0:1; orange.700 5.2:1; red.600 stays at 4.8:1), and the toast's description at full opacity (Chakra
 * draws it at 0.8, which takes white on red.600 below 4.5:1).
 */
export const solidSemanticTokens = {
  green: { solid: { value: { _light: "{colors.green.700}", _dark: "{colors.green.700}" } } },
  orange: { solid: { value: { _light: "{colors.orange.700}", _dark: "{colors.orange.700}" } } },
};

/** Chakra's own toast recipe with that one change (its slots kept as they are: configs merge arrays index by index). */
const toast = defaultConfig.theme?.slotRecipes?.toast as SlotRecipeConfig;
export const a11ySlotRecipes: Record<string, SlotRecipeConfig> = {
  toast: { ...toast, base: { ...toast.base, description: { ...toast.base?.description, opacity: "1" } } },
};
