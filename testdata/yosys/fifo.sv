// An 8-entry FIFO with 4-bit pointers and a record of the first value written
// into it when empty. yosys-smtbmc -t 20 finds its first assertion false at
// step 16 (z3 and sift agree); a benchmark of arrays over many steps,
// docs/bench/yosys, not run by the test.
module fifo (input clk, input rst, input wr, input rd, input [7:0] din, output [7:0] dout, output full, output empty);
  reg [7:0] mem [0:7];
  reg [3:0] wp, rp;
  initial begin wp = 0; rp = 0; end
  assign full = (wp - rp) == 8;
  assign empty = wp == rp;
  assign dout = mem[rp[2:0]];
  always @(posedge clk) begin
    if (rst) begin wp <= 0; rp <= 0; end
    else begin
      if (wr && !full) begin mem[wp[2:0]] <= din; wp <= wp + 1; end
      if (rd && !empty) rp <= rp + 1;
    end
  end
  always @* assert ((wp - rp) <= 8);
  // a value written into an empty fifo is the next one read
  reg [7:0] first; reg armed; initial armed = 0;
  always @(posedge clk) if (!rst && empty && wr) begin first <= din; armed <= 1; end else if (rst || (rd && !empty)) armed <= 0;
  always @* if (armed && !empty) assert (dout == first);
endmodule
