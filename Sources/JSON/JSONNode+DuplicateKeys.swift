import Foundation

extension JSONNode {
  /// The first member of an object whose key an earlier member of the same object has:
  /// where it is (byte offset), the member's path and the key. A parser keeps one of the
  /// two silently, so a setting given twice would be half ignored; the unit's readers
  /// refuse it instead. `data` is valid JSON (the parser accepted it).
  static func firstDuplicateKey(_ data: Data, root: String) -> (
    offset: Int, path: String, key: String
  )? {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var scan = DuplicateKeyScan(bytes: bytes, root: root)
      return scan.run()
    }
  }
}

/// One pass over valid JSON text, remembering the keys of each open object.
private struct DuplicateKeyScan {
  /// An open array or object: for objects the keys seen, for both the member now being
  /// read (a key, or an index), for the path of a duplicate.
  struct Frame {
    var keys: Set<[UInt8]>?
    var current: String = ""
    var index = 0
  }

  let bytes: UnsafeRawBufferPointer
  let root: String
  var stack: [Frame] = []

  init(bytes: UnsafeRawBufferPointer, root: String) {
    self.bytes = bytes
    self.root = root
  }

  mutating func run() -> (offset: Int, path: String, key: String)? {
    var offset = 0
    var expectingKey = false
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        let start = offset + 1
        offset = endOfString(from: start)
        if expectingKey, !stack.isEmpty {
          expectingKey = false
          let key = Array(bytes[start..<offset])
          let text = DuplicateKeyScan.decoded(key)
          if stack[stack.count - 1].keys?.insert(key).inserted == false {
            return (start - 1, JSONNode.path(of: text, in: objectPath()), text)
          }
          stack[stack.count - 1].current = text
        }
      case UInt8(ascii: "{"):
        stack.append(Frame(keys: []))
        expectingKey = true
      case UInt8(ascii: "["):
        stack.append(Frame(keys: nil))
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        _ = stack.popLast()
        expectingKey = false
      case UInt8(ascii: ","):
        if let last = stack.indices.last {
          if stack[last].keys == nil { stack[last].index += 1 } else { expectingKey = true }
        }
      default: break
      }
      offset += 1
    }
    return nil
  }

  /// The text of a key as written between its quotes, escapes resolved.
  static func decoded(_ raw: [UInt8]) -> String {
    let text = String(decoding: raw, as: UTF8.self)
    guard raw.contains(UInt8(ascii: "\\")) else { return text }
    let literal = Data(("\"" + text + "\"").utf8)
    return (try? JSONSerialization.jsonObject(with: literal, options: [.fragmentsAllowed]))
      as? String ?? text
  }

  /// The offset of the quote that ends the string whose first byte is at `start`.
  func endOfString(from start: Int) -> Int {
    var offset = start
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: "\\"): offset += 2
      case UInt8(ascii: "\""): return offset
      default: offset += 1
      }
    }
    return offset
  }

  /// The path of the innermost open object (the one holding the duplicate).
  func objectPath() -> String {
    var path = root
    for frame in stack.dropLast() {
      path =
        frame.keys == nil ? "\(path)[\(frame.index)]" : JSONNode.path(of: frame.current, in: path)
    }
    return path
  }
}
