import type { AuditSignOff } from '@procedo/client-api';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, FieldError, Form, Input, Label, TextArea, TextField } from 'react-aria-components';
import { ShellDialog } from '../components/ShellDialog';
import { useFormsTexts } from '../i18n/texts';
import type { RecordLabels } from './labels';
import type { SignatureRefusal } from './record-session';

/** Props of {@link AuditDialog}. */
export interface AuditDialogProps {
  /** The labels of the audit-flagged fields being changed. */
  fieldLabels: readonly string[];
  /**
   * The signed-in user's legal name.
   * @deprecated Not checked in the browser any more: the server checks the signature and counts
   * failed attempts (three block signing for the session), so every attempt must reach it.
   */
  legalName?: string;
  onSign(signOff: AuditSignOff): void;
  /** Spec §4: Cancel Edit reloads the page (the changes are dropped). */
  onCancelEdit(): void;
  /** The server's refusal of the last attempt (the record session's `auditRequest.refusal`). @default null */
  refusal?: SignatureRefusal | null;
  /** Shows the password field: the server asked for it (the session's first signing). @default false */
  needsPassword?: boolean;
  /** Signing is blocked for this session: the fields and Sign are disabled, Cancel Edit stays. @default false */
  isBlocked?: boolean;
  /** A signed write is being sent: Sign is disabled. @default false */
  isSigning?: boolean;
  /** Texts to override. @default RECORD_LABELS */
  labels?: Partial<RecordLabels>;
  /**
   * The reason the dialog opens with (the form page's `CallerReasonId`: the reason the caller that
   * opened the page gave); the user may change it, and it must not be empty. @default ''
   */
  defaultReason?: string;
}

/**
 * Spec §2/§5 Audit dialog (300×185): a change to an audit-flagged field proceeds only with the
 * signer's legal name and a reason; buttons Sign and Cancel Edit. When the server asks for it
 * (`needsPassword`), a password field too; the dialog then grows taller than 185 px. A refusal
 * keeps what was typed (but the password) and says why; after a block only Cancel Edit is left.
 */
export function AuditDialog({
  fieldLabels,
  onSign,
  onCancelEdit,
  refusal = null,
  needsPassword = false,
  isBlocked = false,
  isSigning = false,
  labels,
  defaultReason = '',
}: AuditDialogProps) {
  const L = { ...useFormsTexts().record, ...labels };
  const [signature, setSignature] = useState('');
  const [reason, setReason] = useState(defaultReason);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const messageId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const signatureRef = useRef<HTMLInputElement>(null);

  // Each refusal marks its field and moves focus there, so the fix is one keystroke away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal, with the labels of then
  useEffect(() => {
    if (!refusal) return;
    // The field gets a short text; the server's whole message is the alert above the fields.
    const fieldText = {
      AUDIT_SIGNATURE_MISMATCH: L.auditSignatureMismatch,
      SIGNATURE_PASSWORD_REQUIRED: L.auditPasswordRequired,
      SIGNATURE_REJECTED: L.auditPasswordRejected,
      SIGNING_BLOCKED: null,
    }[refusal.code];
    setErrors(refusal.field && fieldText ? { [refusal.field]: fieldText } : {});
    if (refusal.field === 'password') passwordRef.current?.focus();
    else if (refusal.field === 'signature') signatureRef.current?.select();
  }, [refusal]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlocked || isSigning) return;
    const next: Record<string, string> = {};
    if (signature.trim() === '') next.signature = L.auditSignatureMismatch;
    if (reason.trim() === '') next.reason = L.auditReasonRequired;
    if (needsPassword && password === '') next.password = L.auditPasswordRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onSign({
      AuditDataChangeESig: signature.trim(),
      AuditDataChangeReason: reason.trim(),
      ...(needsPassword ? { AuditDataChangePassword: password } : {}),
    });
    // The password is sent once and not kept: a refused one is typed again.
    setPassword('');
  };

  const message = isBlocked ? L.auditBlocked : (refusal?.message ?? null);

  return (
    // No Escape: the change goes on only signed, or is dropped with Cancel Edit.
    <ShellDialog
      title={L.auditTitle}
      role="alertdialog"
      className="procedo-AuditDialog"
      {...(message ? { 'aria-describedby': messageId } : {})}
    >
      <Form
        className="procedo-AuditDialog-form"
        onSubmit={submit}
        validationErrors={errors}
        validationBehavior="aria"
        data-blocked={isBlocked || undefined}
      >
        <p className="procedo-AuditDialog-fields">{L.auditFields([...fieldLabels])}</p>
        {/* The server's answer is announced as it arrives (role alert). */}
        <p id={messageId} className="procedo-AuditDialog-message" role="alert">
          {message}
        </p>
        <TextField
          className="procedo-TextField"
          name="signature"
          value={signature}
          onChange={setSignature}
          isRequired
          isDisabled={isBlocked}
          autoComplete="off"
        >
          <Label>{L.auditSignature}</Label>
          <Input className="procedo-Input" ref={signatureRef} autoFocus />
          <FieldError className="procedo-Field-error" />
        </TextField>
        <TextField
          className="procedo-TextField"
          name="reason"
          value={reason}
          onChange={setReason}
          isRequired
          isDisabled={isBlocked}
        >
          <Label>{L.auditReason}</Label>
          <TextArea className="procedo-Input" rows={2} />
          <FieldError className="procedo-Field-error" />
        </TextField>
        {needsPassword ? (
          <TextField
            className="procedo-TextField"
            name="password"
            type="password"
            value={password}
            onChange={setPassword}
            isRequired
            isDisabled={isBlocked}
            autoComplete="current-password"
          >
            <Label>{L.auditPassword}</Label>
            <Input className="procedo-Input" ref={passwordRef} />
            <FieldError className="procedo-Field-error" />
          </TextField>
        ) : null}
        <div className="procedo-Dialog-actions">
          <Button
            className="procedo-Button"
            data-variant="primary"
            type="submit"
            isDisabled={isBlocked || isSigning}
          >
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
