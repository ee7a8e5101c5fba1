import type { ReactNode } from "react";
import { DataList, Skeleton } from "@chakra-ui/react";
import { DetailDialog } from "./DetailDialog";

/** A record's detail as label / value rows; a skeleton while `items` is null, the reason when it could not be read. */
export function FieldsDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  items: [string, ReactNode][] | null;
  error?: string;
  testId: string;
}) {
  return (
    <DetailDialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      testId={props.testId}
      error={props.items ? undefined : props.error}
    >
      {!props.items ? (
        <Skeleton h="40" />
      ) : (
        <DataList.Root orientation="horizontal" size="sm">
          {props.items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      )}
    </DetailDialog>
  );
}
