import type { UiSchema } from '@rjsf/utils';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  ApiRequestError,
  DataTable,
  type DataTableColumn,
  failureMessage,
  fetchSetting,
  formatDateTime,
  listReport,
  previewSetting,
  publishSetting,
  rollBackSetting,
  SchemaForm,
  saveSettingDraft,
  settingBackToFile,
  useBackoffice,
  useFormSubmit,
  useT,
} from '../../runtime/index.ts';
import { CHANNEL_MODULES } from '../../schemas/api.ts';
import {
  SETTING_KINDS,
  type SettingKind,
  type SettingPreview,
  type SettingState,
  type SettingVersion,
} from '../../schemas/backofficeSettings.ts';
import type { BackofficeChannelRanks } from '../../schemas/forms/backofficeChannelRanks.ts';
import styles from './BackofficeSettings.module.css';
import type { BackofficeSettingsProps } from './schema.ts';

/**
 * Settings without a deploy (issue 15, ability `settings`): per kind (rewards, campaigns, channel ranks) the
 * value the server uses and where it comes from, an editor (the channel ranks as a SchemaForm of the
 * mandant schema's Module* properties; rewards and campaigns as JSON checked by the server with the file's
 * schema, its problems listed by JSON pointer), the versions with preview, publish and rollback, and the way
 * back to the mandant's file. Buttons that change anything only with `can('settings')`.
 */
export function BackofficeSettings({
  headline = 'backoffice.settings.headline',
  intro = 'backoffice.settings.intro',
}: BackofficeSettingsProps) {
  const t = useT();
  const id = useId();
  const { can } = useBackoffice();
  const allowed = can('settings');
  const [kind, setKind] = useState<SettingKind>('channelRanks');
  const [state, setState] = useState<SettingState | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<SettingPreview | null>(null);
  const previewRef = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for a fresh answer after each change.
  useEffect(() => {
    if (!allowed) return;
    let current = true;
    setState(null);
    setLoadFailure(null);
    fetchSetting(kind).then(
      (answer) => current && setState(answer),
      (error: unknown) => current && setLoadFailure(failureMessage(t, error)),
    );
    return () => {
      current = false;
    };
  }, [allowed, kind, reload, t]);

  useEffect(() => {
    if (preview) previewRef.current?.focus();
  }, [preview]);

  const changed = useCallback((message: string, next?: SettingState) => {
    setDone(message);
    setFailure(null);
    setPreview(null);
    if (next) setState(next);
    setReload((count) => count + 1);
  }, []);

  const act = useCallback(
    async (work: () => Promise<SettingState>, message: string) => {
      setDone(null);
      try {
        changed(message, await work());
      } catch (error) {
        setFailure(failureMessage(t, error));
        setReload((count) => count + 1);
      }
    },
    [changed, t],
  );

  const showPreview = useCallback(
    async (version: number) => {
      try {
        setPreview(await previewSetting(kind, version));
      } catch (error) {
        setFailure(failureMessage(t, error));
      }
    },
    [kind, t],
  );

  if (!allowed) {
    return (
      <section className={styles.section} aria-labelledby={`${id}-headline`}>
        <div className="container">
          <h1 id={`${id}-headline`}>{t(headline)}</h1>
          <p>{t('backoffice.settings.notAllowed')}</p>
        </div>
      </section>
    );
  }

  const basis = state?.LiveVersion ?? null;
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <div className="container">
        <h1 id={`${id}-headline`}>{t(headline)}</h1>
        <p>{t(intro)}</p>
        <fieldset className={styles.kinds}>
          <legend>{t('backoffice.settings.kind')}</legend>
          {SETTING_KINDS.map((entry) => (
            <label key={entry} className={styles.kind}>
              <input
                type="radio"
                name={`${id}-kind`}
                value={entry}
                checked={kind === entry}
                onChange={() => {
                  setKind(entry);
                  setPreview(null);
                  setDone(null);
                  setFailure(null);
                }}
              />
              {t(`backoffice.settings.kind.${entry}`)}
            </label>
          ))}
        </fieldset>
        <p role="status" className={done ? styles.success : 'visually-hidden'}>
          {done ?? ''}
        </p>
        {failure && (
          <p className={styles.alert} role="alert">
            {failure}
          </p>
        )}
        {loadFailure && (
          <p className={styles.alert} role="alert">
            {loadFailure}
          </p>
        )}
        {state && state.Art === kind && (
          <>
            <h2 id={`${id}-current`}>{t(`backoffice.settings.kind.${kind}`)}</h2>
            <p data-testid="settings-source">
              {state.LiveVersion === null
                ? t('backoffice.settings.sourceFile')
                : t('backoffice.settings.sourceVersion', { version: state.LiveVersion })}
            </p>
            {state.LiveVersion !== null && (
              <button
                type="button"
                className={styles.small}
                onClick={() =>
                  act(() => settingBackToFile(kind, basis), t('backoffice.settings.backToFileDone'))
                }
              >
                {t('backoffice.settings.backToFile')}
              </button>
            )}
            <div className={styles.block}>
              <h3 id={`${id}-editor`}>{t('backoffice.settings.editorTitle')}</h3>
              {kind === 'channelRanks' ? (
                <RanksEditor
                  key={`${kind}-${state.LiveVersion}-${reload}`}
                  value={state.Wert as BackofficeChannelRanks}
                  labelledBy={`${id}-editor`}
                  onSaved={(version) => {
                    changed(t('backoffice.settings.draftSaved', { version: version.Version }));
                    void showPreview(version.Version);
                  }}
                />
              ) : (
                <JsonEditor
                  key={`${kind}-${state.LiveVersion}-${reload}`}
                  kind={kind}
                  value={state.Wert}
                  labelledBy={`${id}-editor`}
                  onSaved={(version) => {
                    changed(t('backoffice.settings.draftSaved', { version: version.Version }));
                    void showPreview(version.Version);
                  }}
                />
              )}
            </div>
            {preview && preview.Art === kind && (
              <section
                ref={previewRef}
                tabIndex={-1}
                className={styles.block}
                aria-labelledby={`${id}-preview`}
              >
                <PreviewPanel
                  titleId={`${id}-preview`}
                  preview={preview}
                  onPublish={() =>
                    act(
                      () => publishSetting(kind, preview.Version, basis),
                      t('backoffice.settings.published', { version: preview.Version }),
                    )
                  }
                  publishable={state.Versionen.some(
                    (entry) => entry.Version === preview.Version && entry.Status === 'draft',
                  )}
                />
              </section>
            )}
            <div className={styles.block}>
              <History
                key={`${kind}-${reload}`}
                versions={state.Versionen}
                liveVersion={state.LiveVersion}
                onPreview={showPreview}
                onPublish={(version) =>
                  act(
                    () => publishSetting(kind, version, basis),
                    t('backoffice.settings.published', { version }),
                  )
                }
                onRollBack={(version) =>
                  act(
                    () => rollBackSetting(kind, version, basis),
                    t('backoffice.settings.rolledBack', { version }),
                  )
                }
              />
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/** The channel ranks as a SchemaForm of the mandant schema's Module* properties; saves a draft. */
function RanksEditor({
  value,
  labelledBy,
  onSaved,
}: {
  value: BackofficeChannelRanks;
  labelledBy: string;
  onSaved: (version: SettingVersion) => void;
}) {
  const t = useT();
  const id = useId();
  const submit = useFormSubmit({ fieldOfCode: {} });
  const [formData, setFormData] = useState<BackofficeChannelRanks>(value);
  const uiSchema = useMemo<UiSchema<BackofficeChannelRanks>>(
    () => ({
      'ui:description': t('backoffice.settings.ranksHint'),
      ...Object.fromEntries(
        CHANNEL_MODULES.map((module) => [
          module,
          {
            'ui:title': t(`backoffice.settings.channel.${module}`),
            'ui:options': { inputType: 'number' },
            'ui:autocomplete': 'off',
          },
        ]),
      ),
    }),
    [t],
  );
  async function save(data: BackofficeChannelRanks) {
    const outcome = await submit.run(() => saveSettingDraft('channelRanks', data));
    if (outcome?.ok) onSaved(outcome.value);
  }
  return (
    <SchemaForm<BackofficeChannelRanks>
      form="backofficeChannelRanks"
      idPrefix={`${id}-ranks`}
      labelledBy={labelledBy}
      uiSchema={uiSchema}
      formData={formData}
      submit={submit}
      submitLabel="backoffice.settings.saveDraft"
      busyLabel="backoffice.settings.saving"
      onChange={setFormData}
      onSubmit={save}
    />
  );
}

/**
 * Rewards and campaigns as JSON: their documents are nested lists with texts per language, too deep for a
 * usable generated form. The server checks them with the file's schema; its problems are listed by pointer.
 */
function JsonEditor({
  kind,
  value,
  labelledBy,
  onSaved,
}: {
  kind: SettingKind;
  value: unknown;
  labelledBy: string;
  onSaved: (version: SettingVersion) => void;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; details: string[] } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      setProblem({ message: t('backoffice.settings.notJson'), details: [] });
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await saveSettingDraft(kind, parsed));
    } catch (error) {
      const details =
        error instanceof ApiRequestError
          ? (error.details ?? []).map((detail) => `${detail.pointer || '/'}: ${detail.reason}`)
          : [];
      setProblem({ message: failureMessage(t, error), details });
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  }

  return (
    <form aria-labelledby={labelledBy} onSubmit={save} noValidate>
      <label htmlFor={`${id}-json`}>{t('backoffice.settings.json')}</label>
      <p id={`${id}-hint`}>{t(`backoffice.settings.jsonHint.${kind}`)}</p>
      <textarea
        id={`${id}-json`}
        className={styles.json}
        rows={20}
        spellCheck={false}
        value={text}
        aria-describedby={`${id}-hint`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {problem && (
        <div ref={alertRef} tabIndex={-1} className={styles.alert} role="alert">
          <p>{problem.message}</p>
          {problem.details.length > 0 && (
            <ul className={styles.problems}>
              {problem.details.map((detail) => (
                <li key={detail}>
                  <code>{detail}</code>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {t(busy ? 'backoffice.settings.saving' : 'backoffice.settings.saveDraft')}
        </button>
      </div>
    </form>
  );
}

/** What changes for users if the version went live. */
function PreviewPanel({
  titleId,
  preview,
  publishable,
  onPublish,
}: {
  titleId: string;
  preview: SettingPreview;
  publishable: boolean;
  onPublish: () => void;
}) {
  const t = useT();
  const channel = (name: string) => t(`share.channel.${name}`);
  return (
    <>
      <h3 id={titleId}>{t('backoffice.settings.previewTitle', { version: preview.Version })}</h3>
      {preview.Diff.length === 0 && <p>{t('backoffice.settings.noChange')}</p>}
      {preview.Art === 'channelRanks' ? (
        <div className={styles.columns}>
          <div>
            <h4>{t('backoffice.settings.channelsBefore')}</h4>
            <ol data-testid="channels-before">
              {preview.KanaeleVorher.map((name) => (
                <li key={name}>{channel(name)}</li>
              ))}
            </ol>
          </div>
          <div>
            <h4>{t('backoffice.settings.channelsAfter')}</h4>
            <ol data-testid="channels-after">
              {preview.KanaeleNachher.map((name) => (
                <li key={name}>{channel(name)}</li>
              ))}
            </ol>
          </div>
        </div>
      ) : (
        <ul>
          {preview.Eintraege.map((entry) => (
            <li key={entry.Id}>
              {t(`backoffice.settings.change.${entry.Aenderung}`, { title: entry.Titel, id: entry.Id })}
              {entry.AktivVorher !== entry.AktivNachher &&
                entry.AktivNachher !== null &&
                ` — ${t(entry.AktivNachher ? 'backoffice.settings.startsNow' : 'backoffice.settings.endsNow')}`}
              {entry.Felder.length > 0 && ` (${entry.Felder.join(', ')})`}
            </li>
          ))}
        </ul>
      )}
      {publishable && (
        <div className={styles.actions}>
          <button type="button" className="button" onClick={onPublish}>
            {t('backoffice.settings.publishVersion', { version: preview.Version })}
          </button>
        </div>
      )}
    </>
  );
}

/** The versions, newest first, with their actions. */
function History({
  versions,
  liveVersion,
  onPreview,
  onPublish,
  onRollBack,
}: {
  versions: readonly SettingVersion[];
  liveVersion: number | null;
  onPreview: (version: number) => void;
  onPublish: (version: number) => void;
  onRollBack: (version: number) => void;
}) {
  const t = useT();
  const load = useMemo(
    () => listReport(async () => versions, { OrderBy: 'Version', Descending: true }),
    [versions],
  );
  const columns = useMemo<DataTableColumn<SettingVersion>[]>(
    () => [
      { id: 'Version', header: 'backoffice.settings.column.Version', sortable: true, numeric: true },
      {
        id: 'Status',
        header: 'backoffice.settings.column.Status',
        cell: (row) => t(`backoffice.settings.status.${row.Status}`),
      },
      { id: 'Autor', header: 'backoffice.settings.column.Autor' },
      {
        id: 'ErstelltAm',
        header: 'backoffice.settings.column.ErstelltAm',
        sortable: true,
        cell: (row) => formatDateTime(row.ErstelltAm),
      },
      { id: 'Notiz', header: 'backoffice.settings.column.Notiz' },
      {
        id: 'Aktion',
        header: 'backoffice.settings.column.Aktion',
        cell: (row) => (
          <span className={styles.rowActions}>
            <button
              type="button"
              className={styles.small}
              aria-label={t('backoffice.settings.previewFor', { version: row.Version })}
              onClick={() => onPreview(row.Version)}
            >
              {t('backoffice.settings.preview')}
            </button>
            {row.Status === 'draft' && (
              <button
                type="button"
                className={styles.small}
                aria-label={t('backoffice.settings.publishVersion', { version: row.Version })}
                onClick={() => onPublish(row.Version)}
              >
                {t('backoffice.settings.publish')}
              </button>
            )}
            {row.Status === 'retired' && row.Version !== liveVersion && (
              <button
                type="button"
                className={styles.small}
                aria-label={t('backoffice.settings.rollBackTo', { version: row.Version })}
                onClick={() => onRollBack(row.Version)}
              >
                {t('backoffice.settings.rollBack')}
              </button>
            )}
          </span>
        ),
      },
    ],
    [t, liveVersion, onPreview, onPublish, onRollBack],
  );
  return (
    <DataTable<SettingVersion>
      caption="backoffice.settings.historyCaption"
      empty="backoffice.settings.historyEmpty"
      columns={columns}
      load={load}
      rowKey={(row) => String(row.Version)}
      initialOrder={{ OrderBy: 'Version', Descending: true }}
      pageSizes={[]}
    />
  );
}
