import CLinuxFB

/// A framebuffer device's geometry and pixel format, as its driver reports them
/// (`FBIOGET_VSCREENINFO` and `FBIOGET_FSCREENINFO`).
public struct FramebufferInfo: Sendable, Equatable, CustomStringConvertible {
  /// The driver's name (`fb_fix_screeninfo.id`): `vc4drmfb`, `simple`, `fakefb`.
  public var driver: String
  /// The visible resolution (`xres`, `yres`).
  public var width: Int
  public var height: Int
  /// The size of the memory the visible area pans over (`xres_virtual`, `yres_virtual`).
  public var virtualWidth: Int
  public var virtualHeight: Int
  /// The visible area's offset into the virtual area (`xoffset`, `yoffset`).
  public var xOffset: Int
  public var yOffset: Int
  /// Bytes from one row to the next (`line_length`), at least `width × bytesPerPixel`.
  public var lineLength: Int
  /// The size of the mappable screen memory (`smem_len`).
  public var memoryLength: Int
  /// How pixels are packed (`bits_per_pixel` and the colour bitfields).
  public var format: PixelFormat
  /// The vertical panning step (`ypanstep`); 0 if the driver cannot pan, which rules out
  /// double buffering.
  public var yPanStep: Int

  public var description: String {
    "\(driver) \(width)×\(height) (virtual \(virtualWidth)×\(virtualHeight)), \(format),"
      + " \(lineLength) bytes a line, \(memoryLength) bytes"
  }

  /// Converts the driver's two screen-info structs.
  init(variable: fb_var_screeninfo, fixed: fb_fix_screeninfo) {
    driver = withUnsafeBytes(of: fixed.id) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    width = Int(variable.xres)
    height = Int(variable.yres)
    virtualWidth = Int(variable.xres_virtual)
    virtualHeight = Int(variable.yres_virtual)
    xOffset = Int(variable.xoffset)
    yOffset = Int(variable.yoffset)
    lineLength = Int(fixed.line_length)
    memoryLength = Int(fixed.smem_len)
    yPanStep = Int(fixed.ypanstep)
    func channel(_ field: fb_bitfield) -> PixelFormat.Channel {
      PixelFormat.Channel(offset: Int(field.offset), length: Int(field.length))
    }
    format = PixelFormat(
      bitsPerPixel: Int(variable.bits_per_pixel), red: channel(variable.red),
      green: channel(variable.green), blue: channel(variable.blue),
      alpha: channel(variable.transp))
  }
}
