import type { DesignerCommand, PublishedCommandVersion } from '@procedo/client-api/designer';
import { CommandDesigner, DefinitionVersionsPanel } from '@procedo/forms-react/designer';
import { useSearchParams } from 'react-router';
import { readDesignerCommandId } from '../designer/designer-query';
import { DesignerLayout, DesignerNotice, useDesignerBase, whenLoaded } from '../designer/page-parts';
import { useVersionsSource } from '../designer/versions-source';
import { designerV1 } from '../designer-api';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

/**
 * `/designer/command?CommandId=N` (issue 16): the SDK's process command designer over the
 * version in force, publishing through `designerV1.designer.commands.publish`, beside the command's
 * Versions panel. A new version changes only processes created after it. Only for the
 * design-mode permission; the server refuses every designer call anyway.
 */
export function DesignerCommandPage() {
  const texts = useHostTexts().designer;
  const { context } = useSignedIn();
  const [params] = useSearchParams();
  const id = readDesignerCommandId(params);
  if (!context.DesignMode.CanDesign)
    return <DesignerNotice title={texts.commandTitle} kind="note" text={texts.noRight} />;
  if (id === null) return <DesignerNotice title={texts.commandTitle} kind="alert" text={texts.noCommand} />;
  return <LoadedCommandDesigner key={id} commandId={id} />;
}

interface Loaded {
  command: DesignerCommand;
  /** Every command's name: what a sub-process step may start. */
  names: string[];
}

function LoadedCommandDesigner({ commandId }: { commandId: number }) {
  const texts = useHostTexts().designer;
  const loaded = useLoad<Loaded>(async () => {
    const [command, list] = await Promise.all([
      designerV1.designer.commands.get(commandId),
      designerV1.designer.commands.list(),
    ]);
    return { command, names: list.Items.map((item) => item.Name) };
  }, [commandId]);
  return whenLoaded(loaded, texts.commandTitle, texts.loading, (data) => (
    <CommandWorkspace commandId={commandId} initial={data.command} names={data.names} />
  ));
}

function CommandWorkspace({
  commandId,
  initial,
  names,
}: {
  commandId: number;
  initial: DesignerCommand;
  names: string[];
}) {
  const texts = useHostTexts().designer;
  const { base, publishedVersion, onPublished } = useDesignerBase<{
    Version: number;
    Command: DesignerCommand['Command'];
  }>({ Version: initial.Version, Command: initial.Command });
  const source = useVersionsSource(designerV1.designer.commands, commandId, base.Version, (old, request) =>
    designerV1.designer.commands.publish(commandId, {
      BaseVersion: request.BaseVersion,
      Command: old.Command,
      ChangeNote: request.ChangeNote,
    }),
  );
  return (
    <DesignerLayout heading={texts.design(base.Command.Name)} publishedVersion={publishedVersion}>
      <CommandDesigner
        // A new version starts the designer over from it.
        key={base.Version}
        command={base.Command}
        commandNames={names}
        onPublish={async ({ command, changeNote }) => {
          const published = await designerV1.designer.commands.publish(commandId, {
            BaseVersion: base.Version,
            Command: command,
            ChangeNote: changeNote,
          });
          onPublished(published);
          return published;
        }}
      />
      <DefinitionVersionsPanel
        source={source}
        baseVersion={base.Version}
        onPublished={(published) => onPublished(published as PublishedCommandVersion)}
      />
    </DesignerLayout>
  );
}
