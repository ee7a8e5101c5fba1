import { Button, IconButton, type ButtonProps } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { LuCopy } from "react-icons/lu";
import { L } from "../labels";
import { copyAndTell } from "@common/clipboard";

export interface CopyButtonProps extends Omit<ButtonProps, "onClick" | "children"> {
  text: string;
  /** The confirmation (defaults to '클립보드에 복사되었습니다.'). */
  message?: string;
  /** Button text; without it an icon-only button labelled by `what`. */
  label?: string;
  /** What is copied, for the icon button's accessible name. */
  what?: string;
}

/** Copies `text` and confirms in a snackbar. */
export function CopyButton({ text, message = Msg.copied, label, what, size = "xs", ...rest }: CopyButtonProps) {
  const copy = () => copyAndTell(text, message);
  if (label) {
    return (
      <Button size={size} variant="outline" onClick={copy} {...rest}>
        <LuCopy aria-hidden /> {label}
      </Button>
    );
  }
  return (
    <IconButton
      size={size}
      variant="ghost"
      onClick={copy}
      aria-label={`${what ?? ""} ${L.common.copy}`.trim()}
      title={L.common.copy}
      {...rest}
    >
      <LuCopy />
    </IconButton>
  );
}
