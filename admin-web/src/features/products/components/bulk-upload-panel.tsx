import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useToast } from '@kit/ui/toast';
import { useBulkUploadProducts, type BulkUploadError, type BulkUploadResult, type UploadMode } from '../api/bulk-upload-products';
import { uploadBulkProductImages } from '../../../lib/upload-images';
import { copyDriveImages, isDriveLink } from '../api/copy-drive-images';
import { screenImages, serverRefusals, UPLOAD_LIMITS, type RefusedImage } from './image-screening';
import { RefusedImages } from './refused-images';
import { checkImportColumns, type ImportColumns } from '../api/check-import-columns';
import { ColumnMapping } from './column-mapping';

const MAX_FILES = UPLOAD_LIMITS.bulk;

const errorText = (e: BulkUploadError) =>
  typeof e === 'string'
    ? e
    : `${e.row !== undefined ? `Row ${e.row}${e.name ? ` (${e.name})` : ''}: ` : ''}${e.reason ?? e.error ?? e.message ?? JSON.stringify(e)}`;

/**
 * Step 1's file-name → URL map outlives the panel: the admin may open the image upload guide (another route) between
 * step 1 and step 2, and the images already uploaded must still be found by name when they come back.
 */
let rememberedImageMap: Record<string, string> = {};

/** Two steps: images first (names mapped to URLs), then the CSV/Excel file with a mode. */
export function BulkUploadPanel({ mode, onModeChange }: { mode: UploadMode; onModeChange: (mode: UploadMode) => void }) {
  const { toast } = useToast();
  const bulk = useBulkUploadProducts();
  const [imageMap, setImageMap] = useState<Record<string, string>>(() => rememberedImageMap);
  const [imageProgress, setImageProgress] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BulkUploadResult | null>(null);
  const [columnCheck, setColumnCheck] = useState<ImportColumns | null>(null);
  const [columnMapping, setColumnMapping] = useState<Record<string, string>>({});

  /** A file whose headers do not match the template opens the column mapping before its upload. */
  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setColumnCheck(null);
    setColumnMapping({});
    if (!chosen) return;
    try {
      const check = await checkImportColumns(chosen, {});
      if (check.missing.length > 0) setColumnCheck(check);
    } catch (error) {
      toast({ title: 'Upload failed', description: (error as Error).message, variant: 'destructive' });
    }
  };
  const chosenMapping = Object.fromEntries(Object.entries(columnMapping).filter(([, header]) => header));
  const [refused, setRefused] = useState<RefusedImage[]>([]);
  const [driveText, setDriveText] = useState('');

  /** Drive links pasted here are copied into the store; the file's image cells naming the same links then use the copies. */
  const copyDriveLinks = async () => {
    const links = driveText
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const notDrive = links.filter((l) => !isDriveLink(l)).map((l) => ({ name: l, reason: 'not a Google Drive link' }));
    setRefused(notDrive);
    if (links.length === notDrive.length)
      return toast({ title: 'No files selected', description: 'Paste Google Drive links, one per line.', variant: 'destructive' });
    setImageProgress(0);
    try {
      const { copied, failed } = await copyDriveImages(links.filter(isDriveLink));
      setImageMap((current) => (rememberedImageMap = { ...current, ...copied }));
      setRefused([...notDrive, ...failed.map((f) => ({ name: f.link, reason: f.reason }))]);
      if (Object.keys(copied).length > 0)
        toast({ title: 'Images Uploaded', description: `${Object.keys(copied).length} Drive images copied into the store.`, variant: 'success' });
      else toast({ title: 'No valid images', description: 'None of the Drive links could be copied.', variant: 'destructive' });
    } finally {
      setImageProgress(null);
    }
  };
  const imagesBusy = imageProgress !== null;
  const imageCount = Object.keys(imageMap).length;

  const uploadImages = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    setRefused([]);
    if (files.length === 0) return toast({ title: 'No files selected', description: 'Choose product images to upload.', variant: 'destructive' });
    const { accepted: images, refused: screened } = screenImages(files, MAX_FILES);
    setRefused(screened);
    if (files.length > MAX_FILES)
      toast({
        title: 'Too many files',
        description: `Upload at most ${MAX_FILES} images at once: the first ${MAX_FILES} images are uploaded.`,
        variant: 'destructive',
      });
    if (images.length === 0) return toast({ title: 'No valid images', description: 'Files must be images of 10MB or less.', variant: 'destructive' });
    setImageProgress(0);
    try {
      const { imageMap: map, rejected } = await uploadBulkProductImages(images, setImageProgress);
      setImageMap((current) => (rememberedImageMap = { ...current, ...map }));
      setRefused([...screened, ...serverRefusals(rejected)]);
      toast({ title: 'Images Uploaded', description: `${Object.keys(map).length} images uploaded.`, variant: 'success' });
    } catch (error) {
      // The server refused every file it was sent (none was a readable image): list them too.
      if ((error as Error).message === 'No valid images') setRefused([...screened, ...serverRefusals(images.map((f) => f.name))]);
      toast({ title: 'Upload failed', description: (error as Error).message || 'Failed to upload image. Please try again.', variant: 'destructive' });
    } finally {
      setImageProgress(null);
    }
  };

  const upload = () => {
    setResult(null);
    bulk.mutate(
      { file: mode === 'deleteall' ? null : file, mode, imageMap, columnMapping: chosenMapping },
      {
        onSuccess: (r) => {
          setResult(r);
          if (mode === 'deleteall') {
            toast({ title: 'Success', description: 'All products have been deleted.', variant: 'success' });
            onModeChange('add');
          } else {
            toast({
              title: 'Upload Complete',
              description: `Processed ${r.processed} of ${r.total}: ${r.created} created, ${r.updated} updated, ${r.errors.length} errors.`,
              variant: r.errors.length ? 'default' : 'success',
            });
          }
        },
        onError: (error) => {
          if (mode === 'deleteall') {
            toast({ title: 'Error', description: 'Failed to delete all products.', variant: 'destructive' });
            onModeChange('add');
          } else toast({ title: 'Upload failed', description: (error as Error).message, variant: 'destructive' });
        },
      },
    );
  };

  const busy = bulk.isPending;
  const disabled = busy || (mode !== 'deleteall' && (!file || imagesBusy));
  const label = mode === 'deleteall' ? (busy ? 'Deleting...' : 'Delete All Products') : busy ? 'Uploading...' : 'Upload';

  return (
    <Card title="Bulk Upload" caption="Upload the images first, then the product file that names them.">
      <div className="two-col">
        <div className="step">
          <h4 className="section-title">Step 1: Upload product images</h4>
          <label className="file-label">
            Product images (up to 50, 10MB each)
            <input
              type="file"
              accept="image/*"
              multiple
              disabled={imagesBusy}
              onChange={(e) => void uploadImages(e.target.files)}
              data-testid="bulk-images-input"
            />
          </label>
          {imagesBusy && (
            <div className="progress" role="progressbar" aria-valuenow={imageProgress ?? 0} aria-valuemin={0} aria-valuemax={100}>
              <div className="progress-bar" style={{ width: `${imageProgress}%` }} />
              <span>{imageProgress}%</span>
            </div>
          )}
          <label className="file-label">
            Or Google Drive links (one per line; use the same links in the file&apos;s image column)
            <textarea rows={2} value={driveText} onChange={(e) => setDriveText(e.target.value)} disabled={imagesBusy} data-testid="bulk-drive-links" />
          </label>
          <Button size="sm" onClick={() => void copyDriveLinks()} disabled={imagesBusy || !driveText.trim()}>
            Copy Drive images
          </Button>
          <p className="muted" data-testid="image-count">
            {imageCount} images uploaded
          </p>
          <RefusedImages refused={refused} />
        </div>
        <div className="step">
          <h4 className="section-title">Step 2: Upload CSV or Excel file</h4>
          <label className="file-label">
            Product file (.csv, .xlsx, .xls)
            <input type="file" accept=".csv,.xlsx,.xls" onChange={(e) => void chooseFile(e.target.files?.[0] ?? null)} data-testid="bulk-file-input" />
          </label>
          {columnCheck && mode !== 'deleteall' && <ColumnMapping check={columnCheck} mapping={columnMapping} onChange={setColumnMapping} />}
          <div className="inline-controls">
            <label>
              Mode
              <select value={mode} onChange={(e) => onModeChange(e.target.value as UploadMode)} aria-label="Upload mode">
                <option value="add">Add (ignore rows with an id)</option>
                <option value="update">Update (only rows with an id)</option>
                <option value="upsert">Upsert (add or update)</option>
                <option value="deleteall">Delete all</option>
              </select>
            </label>
            <Button variant={mode === 'deleteall' ? 'danger' : 'primary'} disabled={disabled} onClick={upload}>
              {label}
            </Button>
          </div>
        </div>
      </div>
      {result && (
        <div className="report" data-testid="bulk-report">
          <p>
            Mode <strong>{result.mode}</strong> · processed <strong className="num">{result.processed}</strong> of{' '}
            <strong className="num">{result.total}</strong> · created <strong className="num">{result.created}</strong> · updated{' '}
            <strong className="num">{result.updated}</strong>
            {result.skipped ? (
              <>
                {' '}
                · skipped <strong className="num">{result.skipped}</strong>
              </>
            ) : null}{' '}
            · errors <strong className="num">{result.errors.length}</strong>
          </p>
          {result.errors.length > 0 && (
            <ul className="error-list">
              {result.errors.slice(0, 50).map((e, i) => (
                <li key={i}>{errorText(e)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}
