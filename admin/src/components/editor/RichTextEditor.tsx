import { useEffect } from "react";
import { Box, HStack, IconButton, type BoxProps } from "@chakra-ui/react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { LuBold, LuHeading2, LuItalic, LuLink, LuList, LuListOrdered, LuUnderline } from "react-icons/lu";
import { purifyRichText } from "@common/rich-text";
import { LINK_REL, LINK_TARGET, isSafeHref } from "@domain/rich-text";
import { BL } from "../../pages/boards/boards.labels";

/**
 * The one rich-text editor of the back-office (boards, inquiry answers, policies): TipTap with bold, italic,
 * underline, headings, lists and links, and nothing the server's allow-list (domain/rich-text.ts) would drop.
 */
export function RichTextEditor({
  value,
  onChange,
  testId,
  invalid,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  testId: string;
  invalid?: boolean;
  /** The editing area's accessible name (a contenteditable textbox is not named by a Field label). */
  label: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        heading: { levels: [1, 2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ["http", "https", "mailto", "tel"],
          isAllowedUri: (url) => isSafeHref(url),
          HTMLAttributes: { rel: LINK_REL, target: LINK_TARGET },
        },
      }),
    ],
    content: purifyRichText(value),
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? "" : editor.getHTML()),
    immediatelyRender: true,
    editorProps: { attributes: { "aria-label": label, "aria-multiline": "true" } },
  });
  // A new value from outside (another record opened) replaces the text; typing does not loop back.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? "" : editor.getHTML()))
      editor.commands.setContent(purifyRichText(value), { emitUpdate: false });
  }, [editor, value]);
  return (
    <Box borderWidth="1px" borderColor={invalid ? "border.error" : "border"} rounded="md" data-testid={testId}>
      {editor && <Toolbar editor={editor} testId={testId} />}
      <Box
        px="3"
        py="2"
        minH="48"
        css={{
          "& .ProseMirror": { outline: "none", minHeight: "44" },
          "& .ProseMirror p": { mb: "2" },
          "& .ProseMirror ul, & .ProseMirror ol": { pl: "5" },
          "& .ProseMirror a": { color: "blue.600", textDecoration: "underline" },
          "& .ProseMirror h1, & .ProseMirror h2, & .ProseMirror h3, & .ProseMirror h4": { fontWeight: "bold", fontSize: "lg" },
        }}
      >
        <EditorContent editor={editor} data-testid={`${testId}-content`} />
      </Box>
    </Box>
  );
}

function Toolbar({ editor, testId }: { editor: Editor; testId: string }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      heading: e.isActive("heading", { level: 2 }),
      link: e.isActive("link"),
    }),
  });
  const setLink = () => {
    const prev = editor.getAttributes("link").href as string | undefined;
    const url = window.prompt(BL.linkPrompt, prev ?? "https://");
    if (url === null) return;
    if (url.trim() === "" || !isSafeHref(url.trim())) editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href: url.trim() }).run();
  };
  const btn = (key: string, label: string, text: React.ReactNode, active: boolean, run: () => void) => (
    <IconButton
      key={key}
      size="xs"
      variant={active ? "solid" : "ghost"}
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
      data-testid={`${testId}-${key}`}
    >
      {text}
    </IconButton>
  );
  return (
    <HStack gap="1" borderBottomWidth="1px" px="2" py="1" wrap="wrap">
      {btn("bold", BL.bold, <LuBold />, s.bold, () => editor.chain().focus().toggleBold().run())}
      {btn("italic", BL.italic, <LuItalic />, s.italic, () => editor.chain().focus().toggleItalic().run())}
      {btn("underline", BL.underline, <LuUnderline />, s.underline, () => editor.chain().focus().toggleUnderline().run())}
      {btn("heading", BL.heading, <LuHeading2 />, s.heading, () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
      {btn("bullet", BL.bulletList, <LuList />, s.bullet, () => editor.chain().focus().toggleBulletList().run())}
      {btn("ordered", BL.orderedList, <LuListOrdered />, s.ordered, () => editor.chain().focus().toggleOrderedList().run())}
      {btn("link", BL.link, <LuLink />, s.link, setLink)}
    </HStack>
  );
}

/** Operator HTML shown in the back-office, through the same allow-list as the member app. */
export function SafeHtml({ html, ...rest }: { html: string } & BoxProps) {
  return (
    <Box
      lineHeight="tall"
      css={{
        "& p": { mb: "2" },
        "& ul, & ol": { pl: "5", mb: "2" },
        "& a": { color: "blue.600", textDecoration: "underline" },
        "& h1, & h2, & h3, & h4": { fontWeight: "bold", fontSize: "lg", mb: "2" },
      }}
      dangerouslySetInnerHTML={{ __html: purifyRichText(html) }}
      {...rest}
    />
  );
}
