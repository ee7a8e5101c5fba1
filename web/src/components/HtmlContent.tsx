import { Box, type BoxProps } from "@chakra-ui/react";
import DOMPurify from "dompurify";
import { useMemo } from "react";
import { purifyRichText } from "@common/rich-text";

/** Operator-written HTML (notices, FAQ, replies, policies), sanitised before render with the allow-list of domain/rich-text.ts. */
export function HtmlContent({ html, ...rest }: { html: string } & BoxProps) {
  const clean = useMemo(() => purifyRichText(html), [html]);
  return (
    <Box
      className="html-content"
      lineHeight="tall"
      css={{
        "& p": { mb: "2" },
        "& ul, & ol": { pl: "5", mb: "2" },
        "& a": { color: "brand.fg", textDecoration: "underline" },
        "& img": { maxW: "100%" },
      }}
      dangerouslySetInnerHTML={{ __html: clean }}
      {...rest}
    />
  );
}

/** Plain-text preview of HTML (for list rows). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(DOMPurify.sanitize(html), "text/html");
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** A member's text sent as escaped HTML (line breaks as <br>) back to the text itself, for editing. */
export function textOfHtml(html: string): string {
  const doc = new DOMParser().parseFromString(DOMPurify.sanitize(html.replace(/<br\s*\/?>/gi, "\n")), "text/html");
  return doc.body.textContent ?? "";
}
