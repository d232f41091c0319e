import { type AuditSignOff, isLegalNameSignature } from '@procedo/client-api';
import { type FormEvent, useState } from 'react';
import { Button, FieldError, Form, Input, Label, TextArea, TextField } from 'react-aria-components';
import { ShellDialog } from '../components/ShellDialog';
import { RECORD_LABELS, type RecordLabels } from './labels';

/** Props of {@link AuditDialog}. */
export interface AuditDialogProps {
  /** The labels of the audit-flagged fields being changed. */
  fieldLabels: readonly string[];
  /** The signed-in user's legal name: the signature must be it. */
  legalName: string;
  onSign(signOff: AuditSignOff): void;
  /** Spec §4: Cancel Edit reloads the page (the changes are dropped). */
  onCancelEdit(): void;
  /** Texts to override. @default RECORD_LABELS */
  labels?: Partial<RecordLabels>;
}

/**
 * Spec §2/§5 Audit dialog (300×185): a change to an audit-flagged field proceeds only with the
 * signer's legal name and a reason; buttons Sign and Cancel Edit.
 */
export function AuditDialog({ fieldLabels, legalName, onSign, onCancelEdit, labels }: AuditDialogProps) {
  const L = { ...RECORD_LABELS, ...labels };
  const [signature, setSignature] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!isLegalNameSignature(signature, legalName)) next.signature = L.auditSignatureMismatch;
    if (reason.trim() === '') next.reason = L.auditReasonRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onSign({ AuditDataChangeESig: signature.trim(), AuditDataChangeReason: reason.trim() });
  };

  return (
    // No Escape: the change goes on only signed, or is dropped with Cancel Edit.
    <ShellDialog title={L.auditTitle} role="alertdialog" className="procedo-AuditDialog">
      <Form
        className="procedo-AuditDialog-form"
        onSubmit={submit}
        validationErrors={errors}
        validationBehavior="aria"
      >
        <p className="procedo-AuditDialog-fields">{L.auditFields([...fieldLabels])}</p>
        <TextField
          className="procedo-TextField"
          name="signature"
          value={signature}
          onChange={setSignature}
          isRequired
          autoComplete="off"
        >
          <Label>{L.auditSignature}</Label>
          <Input className="procedo-Input" autoFocus />
          <FieldError className="procedo-Field-error" />
        </TextField>
        <TextField className="procedo-TextField" name="reason" value={reason} onChange={setReason} isRequired>
          <Label>{L.auditReason}</Label>
          <TextArea className="procedo-Input" rows={2} />
          <FieldError className="procedo-Field-error" />
        </TextField>
        <div className="procedo-Dialog-actions">
          <Button className="procedo-Button" data-variant="primary" type="submit">
            {L.auditSign}
          </Button>
          <Button className="procedo-Button" onPress={onCancelEdit}>
            {L.auditCancelEdit}
          </Button>
        </div>
      </Form>
    </ShellDialog>
  );
}
