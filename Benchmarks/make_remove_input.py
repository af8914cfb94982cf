"""Makes the remove benchmark's input: a 24 MP JPEG stored with EXIF orientation 6 (the camera
held upright, the sensor sideways) from one of the museum photos, and a ~3 % glare mask in the
upright picture's coordinates. Usage: make_remove_input.py SOURCE.jpg OUT_DIR"""
import os
import sys

import numpy as np
from PIL import Image

source, out_dir = sys.argv[1], sys.argv[2]
os.makedirs(out_dir, exist_ok=True)
upright = Image.open(source).convert("RGB").resize((4000, 6000), Image.LANCZOS)  # 24 MP, portrait
# Orientation 6 means "rotate 90 degrees clockwise to view": store the picture turned back.
stored = upright.transpose(Image.Transpose.ROTATE_90)
exif = Image.Exif()
exif[0x0112] = 6
stored.save(os.path.join(out_dir, "photo24-o6.jpg"), quality=92, exif=exif.tobytes())

# A glare patch of about 3 % of the picture, as a user paints it: a short thick streak with a
# bloom at one end, in one area (mask24.png); and a spread-out variant, a long thin streak plus a
# bloom far from it (mask24-spread.png), whose bounding box is a third of the picture.
h, w = 6000, 4000
yy, xx = np.mgrid[0:h, 0:w]
streak = (np.abs((yy - 2300) - 0.35 * (xx - 1500)) < 210) & (xx > 1500) & (xx < 3000)
bloom = (xx - 3000) ** 2 + (yy - 2830) ** 2 < 330 ** 2
mask = ((streak | bloom) * 255).astype(np.uint8)
Image.fromarray(mask, "L").save(os.path.join(out_dir, "mask24.png"))
print(f"mask24.png covers {100 * (mask > 0).mean():.2f} % of {w}x{h}")
thin = (np.abs((yy - 1800) - 0.45 * (xx - 600)) < 90) & (xx > 600) & (xx < 3400)
far = (xx - 2600) ** 2 + (yy - 4200) ** 2 < 330 ** 2
spread = ((thin | far) * 255).astype(np.uint8)
Image.fromarray(spread, "L").save(os.path.join(out_dir, "mask24-spread.png"))
print(f"mask24-spread.png covers {100 * (spread > 0).mean():.2f} % of {w}x{h}")
