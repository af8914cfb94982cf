"""The OpenCV peer of `deglare remove --provider local` as a whole process: decode the photo
(EXIF orientation applied), inpaint the mask's pixels with cv2.inpaint (Telea or Navier-Stokes,
radius 3), write a PNG at OpenCV's default compression. Two threads, like the machine's cores.
Usage: inpaint_opencv.py IMAGE MASK OUT telea|ns"""
import sys

import cv2

cv2.setNumThreads(2)
image_path, mask_path, out_path, method = sys.argv[1:5]
image = cv2.imread(image_path, cv2.IMREAD_COLOR)
mask = cv2.imread(mask_path, cv2.IMREAD_GRAYSCALE)
flag = cv2.INPAINT_TELEA if method == "telea" else cv2.INPAINT_NS
result = cv2.inpaint(image, ((mask >= 128) * 255).astype("uint8"), 3, flag)
cv2.imwrite(out_path, result)
