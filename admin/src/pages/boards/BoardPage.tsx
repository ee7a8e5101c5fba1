import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Heading, HStack, Stack } from "@chakra-ui/react";
import { formatDate } from "@domain/format";
import { Msg } from "@domain/messages";
import { INQUIRY_WAITING, type BoardKind, type BoardRowDto } from "@domain/schemas/boards";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";
import { useRowSelection } from "../../components/list/useRowSelection";
import { BulkActions, type BulkAction } from "../../components/bulk/BulkActions";
import { BK } from "../../components/bulk/bulk.labels";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey } from "../../api/queries";
import { useDetailParam } from "../../components/dialogs/useDetailParam";
import { BoardDetailDialog } from "./BoardDetailDialog";
import { BoardFormDialog } from "./BoardFormDialog";
import { BL } from "./boards.labels";

const id: Column<BoardRowDto> = { key: "id", header: BL.id, cell: (r) => r.id };
const title: Column<BoardRowDto> = { key: "title", header: BL.title, cell: (r) => r.title };
const createdAt: Column<BoardRowDto> = {
  key: "createdAt",
  header: BL.createdAt,
  cell: (r) => formatDate(r.createdAt),
  sortKey: "createdAt",
};

/** Columns by board (spec §2): notice, FAQ and event id, title, createdAt; inquiry id, category, title, username, state, createdAt. */
const COLUMNS: Record<BoardKind, Column<BoardRowDto>[]> = {
  notice: [id, title, createdAt],
  faq: [id, title, createdAt],
  event: [
    id,
    title,
    { key: "period", header: `${BL.startAt} ~ ${BL.endAt}`, cell: (r) => (r.startAt ? `${r.startAt} ~ ${r.endAt}` : "-") },
    createdAt,
  ],
  inquiry: [
    id,
    { key: "category", header: BL.category, cell: (r) => r.category ?? "1:1" },
    title,
    { key: "username", header: BL.username, cell: (r) => r.username ?? "-" },
    {
      key: "state",
      header: BL.state,
      cell: (r) => <Badge colorPalette={r.state === INQUIRY_WAITING ? "orange" : "green"}>{BL.states[r.state] ?? r.state}</Badge>,
    },
    createdAt,
  ],
};

/** Rows of one board deleted several at once (the screen's own flag is the delete's, as for one row). */
const bulkOf = (type: BoardKind): BulkAction<BoardRowDto>[] => [
  {
    key: "delete",
    label: BK.delete,
    verb: BK.verb.delete,
    danger: true,
    run: (rows, opts) => callEndpoint("boardDeleteBulk", { type, ids: rows.map((r) => r.id) }, opts),
  },
];

/** /admin/board/{type}: the board, newest first, 7 a page; a write button (not for inquiries); a row opens its detail (`?post=<id>`). */
function BoardPage({ type }: { type: BoardKind }) {
  const list = useListQuery("boardList", { kind: "board", fixed: { type }, defaultSort: "createdAt" });
  const detail = useDetailParam("post");
  const [writing, setWriting] = useState(false);
  const qc = useQueryClient();
  const selection = useRowSelection(list.rows, (r) => r.id);
  const refresh = () => void qc.invalidateQueries({ queryKey: endpointKey("boardList", { type }) });
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading size="lg" data-testid="admin-page-title">
          {BL.titles[type]}
        </Heading>
        {type !== "inquiry" && (
          <Button colorPalette="brand" size="sm" onClick={() => setWriting(true)} data-testid="board-write">
            {BL.write}
          </Button>
        )}
      </HStack>
      <BulkActions
        testId="board-bulk"
        rows={selection.chosen}
        actions={bulkOf(type)}
        rowId={(r) => r.id}
        itemLabel={(r) => r.title}
        onDone={() => {
          selection.clear();
          refresh();
        }}
        onUndecided={refresh}
      />
      <ListTable
        testId="board-table"
        columns={COLUMNS[type]}
        rowKey={(r) => r.id}
        onRowClick={(r) => detail.open(r.id)}
        emptyText={Msg.noResults}
        list={list}
        selection={selection.table}
      />
      {type !== "inquiry" && <BoardFormDialog type={type} open={writing} onClose={() => setWriting(false)} />}
      <BoardDetailDialog type={type} detail={detail} />
    </Stack>
  );
}

export const NoticeBoardPage = () => <BoardPage type="notice" />;
export const InquiryBoardPage = () => <BoardPage type="inquiry" />;
export const FaqBoardPage = () => <BoardPage type="faq" />;
export const EventBoardPage = () => <BoardPage type="event" />;
