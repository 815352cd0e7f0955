import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '@kit/ui/toast';
import { CATEGORIES, type AdminProduct } from '../../../lib/admin-product';
import { useSaveProduct } from '../api/save-product';
import { uploadMultipleImages, uploadSingleImage } from '../../../lib/upload-images';
import { copyDriveImages, isDriveLink } from '../api/copy-drive-images';
import { MAX_IMAGE_BYTES, screenImages, serverRefusals, UPLOAD_LIMITS, type RefusedImage } from './image-screening';
import { RefusedImages } from './refused-images';
import { emptyProductForm, indiaToday, productToForm, validateProductForm, type ProductFormValues } from './product-form';

/** Add (product === 'new') or edit a product. */
export function ProductFormDialog({ product, onClose }: { product: AdminProduct | 'new' | null; onClose: () => void }) {
  const { toast } = useToast();
  const save = useSaveProduct();
  const [values, setValues] = useState<ProductFormValues>(emptyProductForm);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [refused, setRefused] = useState<RefusedImage[]>([]);
  const editing = product !== null && product !== 'new' ? product : null;

  useEffect(() => {
    setValues(editing ? productToForm(editing) : emptyProductForm);
    setError(null);
  }, [product]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = (field: keyof ProductFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = validateProductForm(values);
    if (!result.ok) {
      setError(result.error);
      toast({ title: 'Error', description: result.error, variant: 'destructive' });
      return;
    }
    setError(null);
    save.mutate(
      { id: editing?.id, product: result.product },
      {
        onSuccess: () => {
          toast({
            title: editing ? 'Product Updated' : 'Product Added',
            description: `${result.product.name} has been ${editing ? 'updated' : 'added'}.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (err) => {
          const message = (err as Error).message;
          setError(message);
          toast({ title: editing ? 'Failed to update product' : 'Failed to add product', description: message, variant: 'destructive' });
        },
      },
    );
  };

  const uploadImage = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'No valid images', description: 'Please choose an image file.', variant: 'destructive' });
      return;
    }
    // Checked before sending: a 10MB+ file would only be refused after its whole upload.
    if (file.size > MAX_IMAGE_BYTES) {
      toast({ title: 'No valid images', description: `${file.name} is over 10MB.`, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      const url = await uploadSingleImage(file);
      setValues((v) => ({ ...v, imageUrls: v.imageUrls.trim() ? `${v.imageUrls.trim()}\n${url}` : url }));
    } catch {
      toast({ title: 'Upload failed', description: 'Failed to upload image. Please try again.', variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  /** Extra images: up to 5 at once through POST /cloudinary/multiple, appended after the main image. */
  const uploadExtraImages = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    setRefused([]);
    if (files.length === 0) return toast({ title: 'No files selected', description: 'Choose images to upload.', variant: 'destructive' });
    const { accepted, refused: screened } = screenImages(files, UPLOAD_LIMITS.multiple);
    setRefused(screened);
    if (files.length > UPLOAD_LIMITS.multiple)
      toast({
        title: 'Too many files',
        description: `Upload at most ${UPLOAD_LIMITS.multiple} extra images at once: the first ${UPLOAD_LIMITS.multiple} images are uploaded.`,
        variant: 'destructive',
      });
    if (accepted.length === 0) return toast({ title: 'No valid images', description: 'Files must be images of 10MB or less.', variant: 'destructive' });
    setUploading(true);
    try {
      const { urls, rejected } = await uploadMultipleImages(accepted);
      setRefused([...screened, ...serverRefusals(rejected)]);
      setValues((v) => ({ ...v, imageUrls: [v.imageUrls.trim(), ...urls].filter(Boolean).join('\n') }));
    } catch (error) {
      if ((error as Error).message === 'No valid images') setRefused([...screened, ...serverRefusals(accepted.map((f) => f.name))]);
      toast({ title: 'Upload failed', description: 'Failed to upload image. Please try again.', variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  /** Drive share links in the image list are copied into the store's own storage and replaced by its URLs. */
  const driveLinks = values.imageUrls
    .split('\n')
    .map((l) => l.trim())
    .filter(isDriveLink);
  const copyDriveLinks = async () => {
    setUploading(true);
    try {
      const { copied, failed } = await copyDriveImages(driveLinks);
      setValues((v) => ({
        ...v,
        imageUrls: v.imageUrls
          .split('\n')
          .map((l) => copied[l.trim()] ?? l)
          .join('\n'),
      }));
      setRefused(failed.map((f) => ({ name: f.link, reason: f.reason })));
      if (Object.keys(copied).length > 0)
        toast({ title: 'Images copied', description: `${Object.keys(copied).length} Drive images copied into the store.`, variant: 'success' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Dialog open={product !== null} onOpenChange={(open) => !open && onClose()} title={editing ? 'Edit Product' : 'Add New Product'} wide>
      <form className="form" onSubmit={submit} noValidate aria-label="Product form">
        <div className="form-grid">
          <label>
            Name *
            <input value={values.name} onChange={set('name')} name="name" />
          </label>
          <label>
            Category *
            <select value={values.category} onChange={set('category')} name="category">
              <option value="">Select a category</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label>
            Price (₹) *
            <input value={values.price} onChange={set('price')} name="price" inputMode="decimal" />
          </label>
          <label>
            Stock Quantity *
            <input value={values.stock_quantity} onChange={set('stock_quantity')} name="stock_quantity" inputMode="numeric" />
          </label>
          <label>
            Power Points
            <input value={values.powerPoints} onChange={set('powerPoints')} name="powerPoints" inputMode="numeric" />
          </label>
          <label>
            HSN code (blank: category default)
            <input value={values.hsn} onChange={set('hsn')} name="hsn" inputMode="numeric" placeholder="9503" />
          </label>
          <label>
            GST rate % (blank: category default)
            <input value={values.gstRate} onChange={set('gstRate')} name="gst_rate" inputMode="decimal" placeholder="5" />
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              name="is_preorder"
              checked={values.preorder === 'true'}
              onChange={(e) => setValues((v) => ({ ...v, preorder: e.target.checked ? 'true' : '' }))}
            />
            Pre-order (paid online, ships from the release date)
          </label>
          {values.preorder === 'true' && (
            <label>
              Release date *
              <input type="date" value={values.releaseDate} onChange={set('releaseDate')} name="release_date" min={indiaToday()} />
            </label>
          )}
          <label>
            Upload image
            <input type="file" accept="image/*" onChange={(e) => void uploadImage(e.target.files?.[0])} disabled={uploading} />
          </label>
          <label>
            Upload extra images (up to 5)
            <input
              type="file"
              accept="image/*"
              multiple
              onChange={(e) => void uploadExtraImages(e.target.files)}
              disabled={uploading}
              data-testid="extra-images-input"
            />
          </label>
        </div>
        <RefusedImages refused={refused} />
        <label>
          Image URLs (one per line; the first is the main image, the rest are extra)
          <textarea
            value={values.imageUrls}
            onChange={set('imageUrls')}
            name="imageUrls"
            rows={3}
            placeholder="https://…/figure.webp or a Google Drive share link"
          />
        </label>
        {driveLinks.length > 0 && (
          <Button type="button" onClick={() => void copyDriveLinks()} disabled={uploading}>
            Copy {driveLinks.length} Drive {driveLinks.length === 1 ? 'image' : 'images'} into the store
          </Button>
        )}
        <label>
          Description
          <textarea value={values.description} onChange={set('description')} name="description" rows={3} />
        </label>
        <FormDialogFooter
          error={error}
          onCancel={onClose}
          busy={save.isPending || uploading}
          submitLabel={save.isPending ? 'Saving...' : editing ? 'Update Product' : 'Add Product'}
        />
      </form>
    </Dialog>
  );
}
