import type { FormResponse } from '@procedo/client-api';
import { AuditTrailPrint, readTimeTravelQuery } from '@procedo/forms-react';
import { useSearchParams } from 'react-router';
import { v1 } from '../api';
import { fieldLabelOf, recordHref } from '../audit/audit-links';
import { positiveIdParam } from '../processes/flow-links';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';

/**
 * The printable audit trail of a record, `/audit-print?WebTemplateNo=N&RecordId=id[&Timepoint=T]`:
 * the whole trail with every signature's manifestation, the verify result, and who printed it
 * when. The shell's chrome is left out of the print (print CSS).
 */
export function AuditPrintPage() {
  const [params] = useSearchParams();
  const webTemplateNo = positiveIdParam(params.get('WebTemplateNo'));
  const recordId = positiveIdParam(params.get('RecordId'));
  const { timepoint, malformedTimepoint } = readTimeTravelQuery(params);
  if (webTemplateNo === null || recordId === null || malformedTimepoint !== null) {
    return (
      <>
        <h1>Audit trail</h1>
        <p role="alert">
          {malformedTimepoint !== null
            ? `“${malformedTimepoint}” is not a time: use yyyy-MM-dd HH:mm (UTC).`
            : 'Name the record: WebTemplateNo and RecordId must be positive whole numbers.'}
        </p>
      </>
    );
  }
  return <AuditPrint webTemplateNo={webTemplateNo} recordId={recordId} timepoint={timepoint} />;
}

function AuditPrint(props: { webTemplateNo: number; recordId: number; timepoint: string | null }) {
  const { context } = useSignedIn();
  const form = useLoad<FormResponse>(() => v1.forms.get(props.webTemplateNo), [props.webTemplateNo]);
  if (form.kind === 'loading') return <p aria-live="polite">Loading…</p>;
  if (form.kind === 'error') {
    return (
      <>
        <h1>Audit trail</h1>
        <p role="alert">{form.message}</p>
      </>
    );
  }
  const definition = form.data.Definition;
  return (
    <>
      <p className="procedo-AuditPrint-back">
        <a href={recordHref(props.webTemplateNo, props.recordId)}>Back to the record</a>
      </p>
      <AuditTrailPrint
        api={v1.records}
        webTemplateNo={props.webTemplateNo}
        recordId={props.recordId}
        timepoint={props.timepoint}
        formTitle={definition.Title}
        fieldLabel={fieldLabelOf(definition)}
        printedBy={{ legalName: context.User.legalName, userName: context.User.name }}
      />
    </>
  );
}
