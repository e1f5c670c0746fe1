import { FileZipOutlined } from '@ant-design/icons';
import type { ProjectRule } from '@layerloom/api';
import { Alert, Button, Checkbox, Upload } from 'antd';
import { useEffect, useId } from 'react';
import { AdvancedPart } from './advanced-section.tsx';
import { AdvancedSettingsForm } from './advanced-settings-form.tsx';
import { ConfigurationsPanel } from './configurations-panel.tsx';
import { MetadataFormatPanel } from './metadata-format-panel.tsx';
import { OneOfOnesPanel } from './one-of-ones-panel.tsx';
import type { Draft } from './project-draft.ts';
import { RulesEditor } from './rules-editor.tsx';

/**
 * The generation option "Every token looks different": sent with Generate, not saved with the project.
 * Its explanation sits under the box, tied to it for screen readers.
 */
export function DistinctLooksOption({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const noteId = useId();
  return (
    <div className="ll-gen-distinct-looks">
      <Checkbox
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={noteId}
      >
        Every token looks different
      </Checkbox>
      <p id={noteId} className="ll-gen-advanced-note">
        A token that would look like another (its differing trait hidden under a layer above) is drawn again;
        the same seed still gives the same collection.
      </p>
    </div>
  );
}

/** What the parts under Advanced show and change. */
export interface AdvancedPartsProps {
  projectId: string;
  draft: Draft;
  edit: (recipe: (draft: Draft) => Draft) => void;
  distinctLooks: boolean;
  onDistinctLooks: (checked: boolean) => void;
  zipImport: {
    onImport: (file: File) => void;
    isImporting: boolean;
    error: { file: string; message: string } | null;
    onDismissError: () => void;
  };
  onUploadArtwork: (file: File) => Promise<void>;
  onPreviewConfiguration: (index: number) => void;
  /** Called once the parts are on the page (a fix waiting for one of them can go to it). */
  onShown: () => void;
}

/**
 * The parts under Advanced (seed and rarity, metadata format, HashLips import, rules, layer configurations,
 * 1-of-1s): their code loads when Advanced is first opened, not with the page.
 */
export function AdvancedParts({
  projectId,
  draft,
  edit,
  distinctLooks,
  onDistinctLooks,
  zipImport,
  onUploadArtwork,
  onPreviewConfiguration,
  onShown,
}: AdvancedPartsProps) {
  useEffect(() => onShown(), [onShown]);
  return (
    <>
      <AdvancedPart title="Seed and rarity" className="ll-gen-area-seed">
        <AdvancedSettingsForm
          draft={draft}
          onChange={(changed) => edit((d) => ({ ...d, ...(changed as Partial<Draft>) }))}
        />
        <DistinctLooksOption checked={distinctLooks} onChange={onDistinctLooks} />
      </AdvancedPart>
      <AdvancedPart title="Metadata format" className="ll-gen-area-metadata">
        <MetadataFormatPanel
          settings={draft.metadata}
          onChange={(metadata) => edit((d) => ({ ...d, metadata }))}
        />
      </AdvancedPart>
      <AdvancedPart title="Import HashLips layers" className="ll-gen-area-import">
        <p className="ll-gen-advanced-note">
          A HashLips <code>layers/</code> folder as one ZIP: numbered folders, <code>Name#weight.png</code>{' '}
          files. Its folders become layers (images of a folder named like a layer join that layer), with the
          weights from the file names.
        </p>
        <Upload
          accept=".zip"
          showUploadList={false}
          beforeUpload={(file) => {
            zipImport.onImport(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<FileZipOutlined aria-hidden="true" />} loading={zipImport.isImporting}>
            Import HashLips layers ZIP
          </Button>
        </Upload>
        {zipImport.error ? (
          <Alert
            type="error"
            showIcon
            closable={{ 'aria-label': 'Dismiss' }}
            onClose={zipImport.onDismissError}
            className="ll-gen-inline-alert"
            title={`${zipImport.error.file} could not be imported`}
            description={zipImport.error.message}
          />
        ) : null}
      </AdvancedPart>
      <AdvancedPart title="Rules" className="ll-gen-area-rules">
        <RulesEditor
          layers={draft.layers}
          rules={draft.rules}
          onChange={(rules: ProjectRule[]) => edit((d) => ({ ...d, rules }))}
        />
      </AdvancedPart>
      <AdvancedPart title="Layer configurations" className="ll-gen-area-configurations">
        <ConfigurationsPanel
          configurations={draft.configurations}
          layers={draft.layers}
          // 1-of-1s take their places first; configurations share the rest.
          collectionSize={
            typeof draft.collectionSize === 'number'
              ? Math.max(0, draft.collectionSize - draft.oneOfOnes.length)
              : draft.collectionSize
          }
          onChange={(configurations) => edit((d) => ({ ...d, configurations }))}
          onPreview={onPreviewConfiguration}
        />
      </AdvancedPart>
      <AdvancedPart title="1-of-1s" className="ll-gen-area-one-of-ones">
        <OneOfOnesPanel
          projectId={projectId}
          oneOfOnes={draft.oneOfOnes}
          collectionSize={draft.collectionSize}
          onUpload={onUploadArtwork}
          onChange={(oneOfOnes) => edit((d) => ({ ...d, oneOfOnes }))}
        />
      </AdvancedPart>
    </>
  );
}
