import { useEffect, useRef, useState } from "react";
import { Badge, Button, DataList, Skeleton, Stack, Tabs, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { formatDate } from "@domain/format";
import { Msg } from "@domain/messages";
import { INQUIRY_WAITING, type BoardDetailDto, type BoardKind } from "@domain/schemas/boards";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey } from "../../api/queries";
import { ApiError } from "../../api/client";
import { DetailDialog } from "../../components/dialogs/DetailDialog";
import { detailError, type DetailParam } from "../../components/dialogs/useDetailParam";
import { RichTextEditor, SafeHtml } from "../../components/editor/RichTextEditor";
import { snack } from "../../components/ui/toaster";
import { BoardFormDialog } from "./BoardFormDialog";
import { BL } from "./boards.labels";

/**
 * A board's detail (spec §2): its fields by type, the content, delete behind a confirm, edit; inquiries add the answer
 * tab. Open while the URL says `?post=<id>`.
 */
export function BoardDetailDialog({ type, detail }: { type: BoardKind; detail: DetailParam }) {
  const { id, close: onClose } = detail;
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: ["board-detail", type, id],
    queryFn: ({ signal }) => callEndpoint("boardDetail", { id: id!, type }, { signal }),
    enabled: id !== null,
  });
  const del = useMutation({
    mutationFn: () => callEndpoint("boardDelete", { id: id!, type }),
    onSuccess: () => {
      snack(Msg.deleteDone, { type: "success" });
      void qc.invalidateQueries({ queryKey: endpointKey("boardList", { type }) });
      onClose();
    },
    onError: (e) => snack(e instanceof ApiError ? e.message : Msg.deleteFailed, { type: "error" }),
    onSettled: () => setAsking(false),
  });
  const footer = (
    <>
      {type !== "inquiry" && q.data && (
        <Button variant="outline" onClick={() => setEditing(true)} data-testid="board-detail-edit">
          {BL.edit}
        </Button>
      )}
      <Button colorPalette="red" variant="outline" onClick={() => setAsking(true)} disabled={!q.data} data-testid="board-detail-delete">
        {BL.delete}
      </Button>
    </>
  );
  return (
    <>
      <DetailDialog
        open={detail.isOpen}
        onClose={onClose}
        title={`${BL.titles[type]} ${BL.detail}`}
        testId="board-detail"
        footer={footer}
        error={q.data ? undefined : detailError(detail, q.error)}
      >
        {q.data ? type === "inquiry" ? <InquiryTabs detail={q.data} /> : <Fields detail={q.data} /> : <Skeleton h="40" />}
      </DetailDialog>
      {type !== "inquiry" && q.data && <BoardFormDialog type={type} open={editing} onClose={() => setEditing(false)} edit={q.data} />}
      <ConfirmDialog
        open={asking}
        message={Msg.boardDeleteConfirm}
        loading={del.isPending}
        onConfirm={() => del.mutate()}
        onClose={() => setAsking(false)}
        testId="board-delete-confirm"
      />
    </>
  );
}

function Fields({ detail }: { detail: BoardDetailDto }) {
  const d = detail;
  const item = (label: string, value: React.ReactNode, testId?: string) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{value ?? "-"}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack gap="4">
      <DataList.Root orientation="horizontal" size="sm">
        {item(BL.id, d.id)}
        {d.type === "inquiry" && item(BL.category, d.category ?? "1:1")}
        {d.type === "inquiry" && item(BL.username, d.username)}
        {d.type !== "notice" && item(BL.createdAt, formatDate(d.createdAt))}
        {d.type === "inquiry" &&
          item(
            BL.state,
            <Badge colorPalette={d.state === INQUIRY_WAITING ? "orange" : "green"}>{BL.states[d.state] ?? d.state}</Badge>,
            "board-detail-state",
          )}
        {d.type === "event" && item(BL.startAt, d.startAt)}
        {d.type === "event" && item(BL.endAt, d.endAt)}
        {item(BL.title, d.title, "board-detail-title")}
      </DataList.Root>
      <SafeHtml html={d.content} borderWidth="1px" rounded="md" p="3" data-testid="board-detail-content" />
    </Stack>
  );
}

/** Inquiry: the question, and the answer tab; '작성 완료' for the first answer (state '1'), '수정 완료' after. */
function InquiryTabs({ detail }: { detail: BoardDetailDto }) {
  const qc = useQueryClient();
  const exist = detail.state !== INQUIRY_WAITING;
  const [answer, setAnswer] = useState(detail.answer ?? "");
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A newer saved answer (read again after a save, or after another operator's) replaces the editor's text only
  // if nothing was typed since the last one: a draft refused with 409 stays for the operator to reconcile.
  const synced = useRef(detail.answer ?? "");
  useEffect(() => {
    const next = detail.answer ?? "";
    setAnswer((cur) => (cur === synced.current ? next : cur));
    synced.current = next;
  }, [detail.answer]);
  const save = useMutation({
    mutationFn: () => callEndpoint("boardUpdate", { id: detail.id, type: "inquiry", content: { answer }, exist }),
    onSuccess: () => {
      snack(exist ? Msg.boardUpdated : Msg.boardCreated, { type: "success" });
      void qc.invalidateQueries({ queryKey: endpointKey("boardList", { type: "inquiry" }) });
      void qc.invalidateQueries({ queryKey: ["board-detail", "inquiry", detail.id] });
    },
    onError: (e) => {
      snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });
      void qc.invalidateQueries({ queryKey: ["board-detail", "inquiry", detail.id] });
    },
    onSettled: () => setAsking(false),
  });
  const submit = () => {
    if (!answer.replace(/<[^>]*>/g, "").trim()) return setError(Msg.answerRequired);
    setError(null);
    setAsking(true);
  };
  return (
    <Tabs.Root defaultValue="question" variant="line">
      <Tabs.List>
        <Tabs.Trigger value="question" data-testid="inquiry-tab-question">
          {BL.tabInquiry}
        </Tabs.Trigger>
        <Tabs.Trigger value="answer" data-testid="inquiry-tab-answer">
          {BL.tabAnswer}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="question">
        <Fields detail={detail} />
      </Tabs.Content>
      <Tabs.Content value="answer">
        <Stack gap="3">
          <RichTextEditor value={answer} onChange={setAnswer} testId="inquiry-answer-editor" invalid={!!error} label={BL.tabAnswer} />
          {error && (
            <Text color="fg.error" fontSize="sm" data-testid="inquiry-answer-error">
              {error}
            </Text>
          )}
          <Button alignSelf="flex-end" colorPalette="brand" onClick={submit} loading={save.isPending} data-testid="inquiry-answer-submit">
            {exist ? BL.answerEdit : BL.answerWrite}
          </Button>
        </Stack>
        <ConfirmDialog
          open={asking}
          message={exist ? Msg.answerEditConfirm : Msg.answerWriteConfirm}
          loading={save.isPending}
          onConfirm={() => save.mutate()}
          onClose={() => setAsking(false)}
          testId="inquiry-answer-confirm"
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
