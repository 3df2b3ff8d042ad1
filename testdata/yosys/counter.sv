// A counter that wraps from 15 to 0: the assertion holds (BMC and
// k-induction pass) and the cover is reached at step 7.
module counter (input clk, output reg [5:0] count);
  initial count = 0;
  always @(posedge clk)
    count <= (count == 15) ? 0 : count + 1;
  always @(posedge clk) begin
    assert (count < 16);
    cover (count == 7);
  end
endmodule
