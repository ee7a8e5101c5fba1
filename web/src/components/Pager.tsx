import { Button, HStack, IconButton } from "@chakra-ui/react";
import { L } from "../labels";

const WINDOW = 5;

/** Page links: previous, at most 5 numbers around the current page, next. Pages are 1-based. */
export function Pager({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const start = Math.max(1, Math.min(page - Math.floor(WINDOW / 2), pages - WINDOW + 1));
  const numbers = Array.from({ length: Math.min(WINDOW, pages) }, (_, i) => start + i);
  return (
    <HStack justify="center" gap="1" mt="6" data-testid="pager">
      <IconButton aria-label={L.common.prev} size="sm" variant="ghost" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        ‹
      </IconButton>
      {numbers.map((n) => (
        <Button
          key={n}
          size="sm"
          variant={n === page ? "solid" : "ghost"}
          colorPalette="brand"
          aria-current={n === page ? "page" : undefined}
          onClick={() => onChange(n)}
          data-testid={`pager-${n}`}
        >
          {n}
        </Button>
      ))}
      <IconButton aria-label={L.common.next} size="sm" variant="ghost" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        ›
      </IconButton>
    </HStack>
  );
}
