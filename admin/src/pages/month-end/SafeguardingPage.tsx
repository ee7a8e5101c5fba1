import { useRef, useState } from "react";
import { Badge, Button, Field, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Controller } from "react-hook-form";
import { WonInput } from "@common/WonInput";
import { allowsArea } from "@domain/admin-access";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import { seoulToday } from "@domain/schemas/shared/list";
import { safeguardBody } from "@domain/schemas/month-end";
import { callEndpoint, downloads, type EndpointData } from "../../api/endpoints";
import { endpointQuery } from "../../api/queries";
import { ApiError } from "../../api/client";
import { useSession } from "../../api/session";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { DateRangeFilter } from "../../components/list/DateRangeFilter";
import { ExportButton } from "../../components/list/ExportButton";
import { PlainTable } from "../../components/list/PlainTable";
import { snack } from "../../components/ui/toaster";
import { SG } from "./safeguarding.labels";

type Entry = EndpointData<"safeguardList">["entries"][number];
const fail = (e: unknown) => snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });
const won = (v: string | bigint) => `${formatWon(String(v))}원`;

/**
 * /admin/safeguarding: customer money safeguarded (선불충전금 별도관리, issue 37). Per day, customers' outstanding balances
 * (members and shops; operator wallets excluded) against the approved safeguarded amount, a shortfall in red with its
 * Korean reason; an amount recorded with its statement reference, or a bank statement CSV imported, stays pending until
 * another super admin approves it (maker–checker); the table as .xlsx (the download asks its reason).
 */
export function SafeguardingPage() {
  const qc = useQueryClient();
  const { account } = useSession();
  const mayRecord = !!account && allowsArea("safeguarding", account);
  const mayDecide = !!account && allowsArea("safeguardingAlert", account);
  const today = seoulToday();
  // Two weeks back by default: each day is a state of the token computed from the indexed transfers.
  const [range, setRange] = useState({ from: addDays(today, -13), to: today });
  const [recording, setRecording] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const list = useQuery(endpointQuery("safeguardList", range));
  const reload = () => void qc.invalidateQueries({ queryKey: ["safeguardList"] });
  const decide = useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      callEndpoint(approve ? "safeguardApprove" : "safeguardReject", { id }),
    onSuccess: (r) => {
      if (r.day?.short && r.day.reason) snack(r.day.reason, { type: "error" });
      else snack(r.state === "approved" ? SG.approved : SG.rejected, { type: "success" });
      reload();
    },
    onError: fail,
  });
  const importCsv = async (file: File | undefined) => {
    if (!file) return;
    try {
      const r = await callEndpoint("safeguardImport", { csv: await file.text() });
      snack(SG.imported(r.list.length), { type: "success" });
      reload();
    } catch (e) {
      fail(e);
    }
  };
  const days = list.data?.days ?? [];
  const entries = list.data?.entries ?? [];
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {SG.title}
      </Heading>
      <Text color="fg.muted">{SG.intro}</Text>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <DateRangeFilter from={range.from} to={range.to} onApply={(from, to) => setRange({ from, to })} testId="safeguard-range" />
        <HStack gap="2" wrap="wrap">
          {mayRecord && (
            <>
              <Button size="sm" colorPalette="brand" onClick={() => setRecording(true)} data-testid="safeguard-record">
                {SG.record}
              </Button>
              <Button
                size="sm"
                variant="outline"
                title={SG.importHint}
                onClick={() => fileRef.current?.click()}
                data-testid="safeguard-import-open"
              >
                {SG.import}
              </Button>
              <input
                ref={fileRef}
                type="file"
                accept=".csv,text/csv"
                hidden
                data-testid="safeguard-import"
                aria-label={SG.import}
                onChange={(e) => {
                  void importCsv(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </>
          )}
          <ExportButton def={downloads.safeguarding} filter={range} testId="safeguard-excel" />
        </HStack>
      </HStack>
      <Heading as="h2" size="md">
        {SG.days}
      </Heading>
      <PlainTable
        wide
        testId="safeguard-days"
        caption={SG.days}
        headers={[
          { label: SG.day },
          { label: SG.block, numeric: true },
          { label: SG.outstanding, numeric: true },
          { label: SG.safeguarded, numeric: true },
          { label: SG.difference, numeric: true },
          { label: SG.status },
        ]}
        loading={list.isLoading}
        error={list.error ? (list.error instanceof ApiError ? list.error.message : Msg.serverError) : null}
        empty={list.data && days.length === 0 ? SG.noDays : null}
      >
        {days.map((d) => (
          <Table.Row key={d.day} data-testid="safeguard-day" data-day={d.day} data-short={d.short}>
            <Table.Cell>{d.day}</Table.Cell>
            <Table.Cell textAlign="end">{d.block}</Table.Cell>
            <Table.Cell textAlign="end">{won(d.outstanding)}</Table.Cell>
            <Table.Cell textAlign="end">{won(d.safeguarded)}</Table.Cell>
            <Table.Cell textAlign="end" color={d.short ? "fg.error" : undefined}>
              {won(BigInt(d.safeguarded) - BigInt(d.outstanding))}
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette={d.short ? "red" : "green"} data-testid="safeguard-status">
                {d.short ? SG.short : SG.covered}
              </Badge>
              {d.reason && (
                <Text color="fg.error" fontSize="sm" data-testid="safeguard-reason">
                  {d.reason}
                </Text>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </PlainTable>
      <Heading as="h2" size="md">
        {SG.entries}
      </Heading>
      <PlainTable
        wide
        testId="safeguard-entries"
        caption={SG.entries}
        headers={[
          { label: SG.day },
          { label: SG.amount, numeric: true },
          { label: SG.method },
          { label: SG.institution },
          { label: SG.statementRef },
          { label: SG.state },
          { label: SG.maker },
          { label: SG.checker },
          { label: SG.decide },
        ]}
        loading={list.isLoading}
        empty={list.data && entries.length === 0 ? SG.noEntries : null}
      >
        {entries.map((e) => (
          <EntryRow
            key={e.id}
            e={e}
            canDecide={mayDecide && e.state === "pending" && e.maker_login_id !== account?.username}
            busy={decide.isPending}
            onDecide={(approve) => decide.mutate({ id: e.id, approve })}
          />
        ))}
      </PlainTable>
      <RecordDialog open={recording} onClose={() => setRecording(false)} onDone={reload} />
    </Stack>
  );
}

function addDays(ymd: string, n: number): string {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

function EntryRow({ e, canDecide, busy, onDecide }: { e: Entry; canDecide: boolean; busy: boolean; onDecide: (approve: boolean) => void }) {
  return (
    <Table.Row data-testid="safeguard-entry" data-ref={e.statement_ref} data-state={e.state}>
      <Table.Cell>{e.day}</Table.Cell>
      <Table.Cell textAlign="end">{won(e.amount)}</Table.Cell>
      <Table.Cell>{SG.methods[e.method] ?? e.method}</Table.Cell>
      <Table.Cell>{e.institution}</Table.Cell>
      <Table.Cell>{e.statement_ref}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={e.state === "approved" ? "green" : e.state === "rejected" ? "gray" : "orange"}>
          {SG.states[e.state] ?? e.state}
        </Badge>
      </Table.Cell>
      <Table.Cell>{e.maker_login_id}</Table.Cell>
      <Table.Cell>{e.checker_login_id ?? "-"}</Table.Cell>
      <Table.Cell>
        {canDecide && (
          <HStack gap="1">
            <Button size="xs" colorPalette="brand" disabled={busy} onClick={() => onDecide(true)} data-testid="safeguard-approve">
              {SG.approve}
            </Button>
            <Button size="xs" variant="outline" disabled={busy} onClick={() => onDecide(false)} data-testid="safeguard-reject">
              {SG.reject}
            </Button>
          </HStack>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

const EMPTY = { day: seoulToday(), amount: "", method: "trust", institution: "", statement_ref: "" } as const;

function RecordDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={SG.recordTitle}
      schema={safeguardBody}
      defaultValues={EMPTY}
      submitLabel={SG.record}
      testId="safeguard-record-dialog"
      onSubmit={async (v) => {
        try {
          await callEndpoint("safeguardRecord", v);
          snack(Msg.safeguardRecorded, { type: "success" });
          onClose();
          onDone();
        } catch (e) {
          fail(e);
        }
      }}
    >
      {(form) => (
        <>
          <Field.Root required invalid={Boolean(form.formState.errors.day)}>
            <Field.Label>
              {SG.day}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="date" {...form.register("day")} data-testid="safeguard-record-day" />
            <Field.ErrorText>{form.formState.errors.day?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={Boolean(form.formState.errors.amount)}>
            <Field.Label>
              {SG.amount}
              <Field.RequiredIndicator />
            </Field.Label>
            <Controller
              control={form.control}
              name="amount"
              render={({ field }) => (
                <WonInput
                  value={String(field.value ?? "")}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  maxDigits={15}
                  testId="safeguard-record-amount"
                />
              )}
            />
            <Field.ErrorText>{form.formState.errors.amount?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>{SG.method}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register("method")} data-testid="safeguard-record-method">
                {Object.entries(SG.methods).map(([k, v]) => (
                  <option key={k} value={k}>
                    {v}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {(
            [
              ["institution", SG.institution, 60],
              ["statement_ref", SG.statementRef, 100],
            ] as const
          ).map(([name, label, max]) => (
            <Field.Root key={name} required invalid={Boolean(form.formState.errors[name])}>
              <Field.Label>
                {label}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input {...form.register(name)} maxLength={max} data-testid={`safeguard-record-${name}`} />
              <Field.ErrorText>{form.formState.errors[name]?.message}</Field.ErrorText>
            </Field.Root>
          ))}
        </>
      )}
    </FormDialog>
  );
}
