import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";
import { a11ySlotRecipes, brandSemanticTokens, fgSemanticTokens, fontTokens, solidSemanticTokens } from "@common/theme-base";

/** Admin theme: a navy brand palette and the semantic tokens the layout uses (no raw colours in JSX). */
const config = defineConfig({
  globalCss: {
    "html, body": { bg: "bg.canvas", color: "fg" },
  },
  theme: {
    slotRecipes: a11ySlotRecipes,
    tokens: {
      fonts: fontTokens,
      colors: {
        brand: {
          50: { value: "#eef3fb" },
          100: { value: "#d5e1f5" },
          200: { value: "#adc3ea" },
          300: { value: "#7d9fdc" },
          400: { value: "#4f7bcc" },
          500: { value: "#2f5db5" },
          600: { value: "#234a94" },
          700: { value: "#1c3a75" },
          800: { value: "#162d5a" },
          900: { value: "#101f40" },
          950: { value: "#0a1429" },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: brandSemanticTokens,
        fg: fgSemanticTokens,
        ...solidSemanticTokens,
        "bg.canvas": { value: "{colors.gray.50}" },
        "toolbar.bg": { value: "{colors.brand.800}" },
        "toolbar.fg": { value: "white" },
        "toolbar.muted": { value: "{colors.brand.200}" },
        "sidebar.bg": { value: "white" },
        "sidebar.active": { value: "{colors.brand.50}" },
        "sidebar.activeFg": { value: "{colors.brand.700}" },
        "sidebar.groupFg": { value: "{colors.gray.500}" },
        "card.bg": { value: "white" },
        "card.border": { value: "{colors.gray.200}" },
        "stat.value": { value: "{colors.brand.800}" },
        // A QR code needs its quiet zone light whatever the page around it.
        "qr.bg": { value: "white" },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
