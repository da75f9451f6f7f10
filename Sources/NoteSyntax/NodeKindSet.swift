/// A set of node kinds, one bit per ``NodeKind`` raw value (two words: there are more
/// than 64 kinds): the kinds a block's nodes are of.
public struct NodeKindSet: Sendable, Equatable {
  var bits: (UInt64, UInt64)

  init(bits: (UInt64, UInt64)) { self.bits = bits }

  public init(_ kinds: [NodeKind]) {
    bits = (0, 0)
    for kind in kinds { insert(kind) }
  }

  mutating func insert(_ kind: NodeKind) {
    let raw = UInt64(kind.rawValue)
    if raw < 64 { bits.0 |= 1 &<< raw } else { bits.1 |= 1 &<< (raw - 64) }
  }

  public func contains(_ kind: NodeKind) -> Bool {
    let raw = UInt64(kind.rawValue)
    return raw < 64 ? bits.0 & (1 &<< raw) != 0 : bits.1 & (1 &<< (raw - 64)) != 0
  }

  /// Whether the set holds a kind of `other`.
  public func intersects(_ other: NodeKindSet) -> Bool { bits.0 & other.bits.0 != 0 || bits.1 & other.bits.1 != 0 }

  public static func == (lhs: NodeKindSet, rhs: NodeKindSet) -> Bool { lhs.bits == rhs.bits }
}
