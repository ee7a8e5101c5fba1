import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";
import { a11ySlotRecipes, brandSemanticTokens, fgSemanticTokens, fontTokens, solidSemanticTokens } from "@common/theme-base";

/** The end-user theme: one brand palette and semantic tokens; components never use raw colours. */
const config = defineConfig({
  globalCss: {
    "html, body": { bg: "bg.page", color: "fg", minHeight: "100%" },
    body: { fontFamily: "body", wordBreak: "keep-all" },
  },
  theme: {
    slotRecipes: a11ySlotRecipes,
    tokens: {
      fonts: fontTokens,
      colors: {
        brand: {
          50: { value: "#eef4ff" },
          100: { value: "#d9e6ff" },
          200: { value: "#bcd3ff" },
          300: { value: "#8eb6ff" },
          400: { value: "#598dff" },
          500: { value: "#3366ff" },
          600: { value: "#1f48f5" },
          700: { value: "#1836e1" },
          800: { value: "#1a2fb6" },
          900: { value: "#1c2e8f" },
          950: { value: "#161e57" },
        },
        accent: { 400: { value: "#21d4c6" }, 600: { value: "#7b3fe4" } },
      },
    },
    semanticTokens: {
      colors: {
        brand: brandSemanticTokens,
        fg: fgSemanticTokens,
        ...solidSemanticTokens,
        bg: { page: { value: "{colors.gray.50}" } },
        header: {
          bg: { value: "white" },
          fgOnHero: { value: "white" },
          /**
           * Behind the header's white text over the landing video: the video's frames are not controlled (a light
           * frame would drop the text below 4.5:1), so the header carries its own dark backdrop (white on it ≥ 11:1).
           */
          bgOnHero: { value: "rgba(8, 12, 40, 0.85)" },
          border: { value: "{colors.gray.200}" },
        },
        hero: {
          from: { value: "{colors.brand.900}" },
          /** Over the banner video, so the white title keeps its contrast on every frame. */
          scrim: { value: "rgba(8, 12, 40, 0.35)" },
          fg: { value: "white" },
        },
        footer: { bg: { value: "{colors.gray.900}" }, fg: { value: "{colors.gray.300}" }, link: { value: "white" } },
        qr: { bg: { value: "white" } },
        star: { on: { value: "{colors.yellow.400}" }, off: { value: "{colors.gray.300}" } },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
