import Foundation

/// Reads the rows of a SQLite file's table leaf pages straight from its bytes, by SQLite's
/// documented file format (https://www.sqlite.org/fileformat2.html), without SQLite: the way to
/// the rows of a damaged file whose b-tree above them (interior pages, the schema) cannot be read.
/// Every page that is a table leaf, whole enough to parse, gives its cells; a damaged page gives
/// nothing, or cells that the caller's check of their shape refuses. Pages on the free list (rows
/// deleted long ago) are read apart, for the caller to take last.
struct PageReader {
  /// A value of a record, as SQLite stores it.
  enum Value: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
  }

  /// A row of a table leaf page: its rowid and its record's values.
  struct Row {
    var rowid: Int64
    var values: [Value]
  }

  let bytes: [UInt8]
  let pageSize: Int
  /// The usable size of a page: the page size less the bytes reserved at each page's end.
  let usable: Int

  /// Whether the file's header (the first 100 bytes of page 1) is whole enough to be believed: it
  /// starts with SQLite's magic string. A damaged first page gives random bytes there, whose
  /// "reserved bytes" would cut every page's last cells and whose "free list" would be random pages.
  let headerIsSound: Bool

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    headerIsSound = bytes.count >= 100 && bytes.starts(with: Array("SQLite format 3\0".utf8))
    // The header's page size (a power of two from 512 to 65536; 1 means 65536), else SQLite's default (4096).
    let stated = headerIsSound ? Int(bytes[16]) << 8 | Int(bytes[17]) : 0
    let size = stated == 1 ? 65536 : stated
    pageSize = size >= 512 && size <= 32768 && size & (size - 1) == 0 || size == 65536 ? size : 4096
    let reserved = headerIsSound ? Int(bytes[20]) : 0
    usable = pageSize - (reserved < pageSize / 4 ? reserved : 0)
  }

  var pageCount: Int { bytes.count / pageSize }

  /// Every row of the table leaf pages on the free list, or of those not on it.
  func rows(onFreePages: Bool) -> [Row] {
    let free = freePages()
    var rows: [Row] = []
    for page in 1...max(1, pageCount) where free.contains(page) == onFreePages {
      rows += leafRows(page: page)
    }
    return rows
  }

  /// The pages of the free list, as far as it can be followed.
  func freePages() -> Set<Int> {
    var free = Set<Int>()
    guard headerIsSound else { return free }
    var trunk = Int(uint32(at: 32))
    while trunk > 1, trunk <= pageCount, !free.contains(trunk) {
      free.insert(trunk)
      let start = (trunk - 1) * pageSize
      let count = Int(uint32(at: start + 4))
      guard count <= (usable - 8) / 4 else { break }
      for index in 0..<count {
        let leaf = Int(uint32(at: start + 8 + 4 * index))
        if leaf > 0, leaf <= pageCount { free.insert(leaf) }
      }
      trunk = Int(uint32(at: start))
    }
    return free
  }

  /// The rows of `page` if it is a table leaf (type 13); none if it is not, or not whole.
  func leafRows(page: Int) -> [Row] {
    let start = (page - 1) * pageSize
    let header = start + (page == 1 ? 100 : 0)
    guard header + 8 <= bytes.count, bytes[header] == 13 else { return [] }
    let cells = Int(uint16(at: header + 3))
    guard cells > 0, header + 8 + 2 * cells <= start + usable else { return [] }
    var rows: [Row] = []
    for index in 0..<cells {
      let offset = Int(uint16(at: header + 8 + 2 * index))
      guard offset >= 8, offset < usable, let row = cell(at: start + offset, pageEnd: start + usable) else { continue }
      rows.append(row)
    }
    return rows
  }

  /// A table leaf cell: its payload's size, its rowid, its payload (the rest on overflow pages).
  private func cell(at offset: Int, pageEnd: Int) -> Row? {
    var position = offset
    guard let size = varint(&position, limit: pageEnd), let rowid = varint(&position, limit: pageEnd),
      size >= 0, size < 1 << 30
    else { return nil }
    let payloadSize = Int(size)
    // How much of the payload is on this page (the format's formula), the rest on overflow pages.
    let maxLocal = usable - 35
    var local = payloadSize
    var overflow = 0
    if payloadSize > maxLocal {
      let minLocal = (usable - 12) * 32 / 255 - 23
      let k = minLocal + (payloadSize - minLocal) % (usable - 4)
      local = k <= maxLocal ? k : minLocal
      guard position + local + 4 <= pageEnd else { return nil }
      overflow = Int(uint32(at: position + local))
    }
    guard position + local <= pageEnd else { return nil }
    var payload = Array(bytes[position..<(position + local)])
    var seen = Set<Int>()
    while payload.count < payloadSize {
      guard overflow > 0, overflow <= pageCount, seen.insert(overflow).inserted else { return nil }
      let start = (overflow - 1) * pageSize
      let take = min(usable - 4, payloadSize - payload.count)
      payload += bytes[(start + 4)..<(start + 4 + take)]
      overflow = Int(uint32(at: start))
    }
    guard let values = Self.record(payload) else { return nil }
    return Row(rowid: rowid, values: values)
  }

  /// A record's values: its header (its size, then each column's serial type), then the values.
  static func record(_ payload: [UInt8]) -> [Value]? {
    let reader = PageReader(bytes: payload)
    var position = 0
    guard let headerSize = reader.varint(&position, limit: payload.count), headerSize >= 1,
      headerSize <= payload.count
    else { return nil }
    var types: [Int64] = []
    while position < Int(headerSize) {
      guard let type = reader.varint(&position, limit: Int(headerSize)) else { return nil }
      types.append(type)
    }
    var data = Int(headerSize)
    var values: [Value] = []
    for type in types {
      func integer(_ count: Int) -> Int64? {
        guard data + count <= payload.count else { return nil }
        var value = Int64(Int8(bitPattern: payload[data]))
        for index in 1..<max(1, count) where count > 1 { value = value << 8 | Int64(payload[data + index]) }
        data += count
        return value
      }
      switch type {
      case 0: values.append(.null)
      case 1...4, 5, 6:
        guard let value = integer([1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8][Int(type)]!) else { return nil }
        values.append(.integer(value))
      case 7:
        guard let bits = integer(8) else { return nil }
        values.append(.real(Double(bitPattern: UInt64(bitPattern: bits))))
      case 8: values.append(.integer(0))
      case 9: values.append(.integer(1))
      case 10, 11: return nil
      case ..<0: return nil  // no serial type: damaged bytes (a 9-byte varint may read negative)
      default:
        let count = Int((type - 12) / 2)
        guard data + count <= payload.count else { return nil }
        let content = Array(payload[data..<(data + count)])
        data += count
        if type % 2 == 0 {
          values.append(.blob(content))
        } else {
          guard let text = String(validating: content, as: UTF8.self) else { return nil }
          values.append(.text(text))
        }
      }
    }
    return values
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
    headerIsSound = false
    pageSize = 4096
    usable = 4096
  }

  /// A big-endian variable-length integer of 1 to 9 bytes.
  private func varint(_ position: inout Int, limit: Int) -> Int64? {
    var value: UInt64 = 0
    for index in 0..<9 {
      guard position < limit, position < bytes.count else { return nil }
      let byte = bytes[position]
      position += 1
      if index == 8 { return Int64(bitPattern: value << 8 | UInt64(byte)) }
      value = value << 7 | UInt64(byte & 0x7F)
      if byte & 0x80 == 0 { return Int64(bitPattern: value) }
    }
    return nil
  }

  private func uint16(at offset: Int) -> UInt16 {
    guard offset + 2 <= bytes.count else { return 0 }
    return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
  }

  private func uint32(at offset: Int) -> UInt32 {
    guard offset + 4 <= bytes.count else { return 0 }
    return (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
  }
}
