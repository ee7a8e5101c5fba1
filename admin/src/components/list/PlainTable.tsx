import type { ReactNode } from "react";
import { Skeleton, Table, Text } from "@chakra-ui/react";
import { useScreenTitle } from "./screenTitle";

/** A short, unpaged table (a handful of rows): headers, a skeleton row while loading, the query's failure. */
export function PlainTable(props: {
  headers: { label: ReactNode; numeric?: boolean }[];
  loading: boolean;
  error?: string | null;
  empty?: string | null;
  interactive?: boolean;
  children: ReactNode;
  testId: string;
  /** The table's caption for screen readers (hidden on screen); unset: the open screen's title. */
  caption?: string;
  /** Wider than a phone's screen: the scroll area takes the keyboard focus (named by the caption) so it can be scrolled. */
  wide?: boolean;
  /** Rows under the body (a totals row), shown once the rows are read. */
  footer?: ReactNode;
}) {
  const screenTitle = useScreenTitle();
  const caption = props.caption ?? screenTitle;
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderColor="card.border"
      rounded="md"
      bg="card.bg"
      {...(props.wide ? { tabIndex: 0, "aria-label": caption ?? undefined } : {})}
    >
      <Table.Root size="sm" interactive={props.interactive} data-testid={props.testId}>
        {caption && <Table.Caption srOnly>{caption}</Table.Caption>}
        <Table.Header>
          <Table.Row>
            {props.headers.map((h, i) => (
              <Table.ColumnHeader key={i} textAlign={h.numeric ? "end" : "start"}>
                {h.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.loading ? (
            <Table.Row>
              <Table.Cell colSpan={props.headers.length}>
                <Skeleton h="4" />
              </Table.Cell>
            </Table.Row>
          ) : (
            props.children
          )}
        </Table.Body>
        {props.footer && !props.loading && <Table.Footer>{props.footer}</Table.Footer>}
      </Table.Root>
      {props.empty && <Text p="3">{props.empty}</Text>}
      {props.error && (
        <Text p="3" color="fg.error">
          {props.error}
        </Text>
      )}
    </Table.ScrollArea>
  );
}
